extension StoreSnapshot {
  /// `key` in the snapshot's language (``UIText/text(_:_:_:)`` with ``locale``).
  public func localized(_ key: String, _ arguments: String...) -> String {
    UIText.fill(UIText.template(key, locale), arguments)
  }
}
