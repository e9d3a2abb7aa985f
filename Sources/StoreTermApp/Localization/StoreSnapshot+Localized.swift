import StoreCore

extension StoreSnapshot {
  /// A support phrase (the explainer's and timeline's facts) in the snapshot's language, with
  /// dates as the screens write them.
  public func say(_ phrase: SupportPhrase) -> String {
    let locale = self.locale
    return phrase.worded(
      template: { UIText.template($0, locale) }, day: DateText.day, minute: DateText.minute)
  }

  /// `key` in the snapshot's language (``UIText/text(_:_:_:)`` with ``locale``).
  public func localized(_ key: String, _ arguments: String...) -> String {
    UIText.fill(UIText.template(key, locale), arguments)
  }

  /// `text` in the snapshot's language when it is a key of the tables; a text its caller
  /// already worded (a template filled where the facts are, such as a disabled key's reason
  /// naming a transaction) is kept as it is.
  public func localizedIfKey(_ text: String) -> String {
    UIText.isKey(text) ? localized(text) : text
  }
}
