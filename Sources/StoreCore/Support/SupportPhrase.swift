import Foundation

/// A sentence of the support console as facts: an English template and what fills its slots.
///
/// The template has `%@` (or `%1$@`) slots. `storeterm customer` prints ``description``; the
/// Customers screen words the same value in the UI's language (the template is its table's
/// key), so the two never compute the answer twice.
public struct SupportPhrase: Sendable, Equatable, CustomStringConvertible {
  /// The English wording with its slots: `grace period until %@, payment failing`.
  public var template: String
  /// What fills the slots, in order.
  public var arguments: [Argument]

  /// What fills one slot.
  public enum Argument: Sendable, Equatable {
    /// A name or identifier, shown as it is in every language.
    case data(String)
    /// A day: `30 Nov 2026` on the command line.
    case day(Date)
    /// A day and minute in UTC: `30 Nov 2026 12:00`.
    case minute(Date)
    /// A phrase of its own, worded in the same language.
    case phrase(SupportPhrase)
  }

  /// A phrase from `template` and what fills its slots.
  public init(_ template: String, _ arguments: Argument...) {
    self.template = template
    self.arguments = arguments
  }

  /// Whether the template is text given as it is, never looked up nor filled.
  public private(set) var isVerbatim = false

  /// Text kept as it is (a sentence from elsewhere): no slots, no translation.
  public static func verbatim(_ text: String) -> SupportPhrase {
    var phrase = SupportPhrase(text)
    phrase.isVerbatim = true
    return phrase
  }

  /// The phrase in English, as the command line prints it.
  public var description: String {
    worded(template: { $0 }, day: SupportDate.day, minute: SupportDate.minute)
  }

  /// The phrase worded by a language: `template` gives the wording of a template, `day` and
  /// `minute` write dates; nested phrases are worded the same way.
  public func worded(
    template wording: (String) -> String, day: (Date) -> String, minute: (Date) -> String
  ) -> String {
    guard !isVerbatim else { return template }
    guard !arguments.isEmpty else { return wording(template) }
    let filled = arguments.map { argument in
      switch argument {
      case .data(let text): text
      case .day(let date): day(date)
      case .minute(let date): minute(date)
      case .phrase(let phrase): phrase.worded(template: wording, day: day, minute: minute)
      }
    }
    return SlotTemplate.fill(wording(template), filled)
  }

}

/// Fills `%@` slots, the one implementation behind ``SupportPhrase`` and the screens' tables.
public enum SlotTemplate {
  /// `template` with `%1$@`, `%2$@`… replaced by position, then each `%@` by the next argument.
  public static func fill(_ template: String, _ arguments: [String]) -> String {
    guard !arguments.isEmpty else { return template }
    var result = template
    var positional = false
    for (index, argument) in arguments.enumerated() where result.contains("%\(index + 1)$@") {
      result = result.replacingOccurrences(of: "%\(index + 1)$@", with: argument)
      positional = true
    }
    guard !positional else { return result }
    var remaining = arguments[...]
    var output = ""
    var rest = result[...]
    while let range = rest.range(of: "%@"), let argument = remaining.popFirst() {
      output += rest[..<range.lowerBound] + argument
      rest = rest[range.upperBound...]
    }
    return output + rest
  }
}
