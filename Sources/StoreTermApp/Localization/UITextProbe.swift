import Synchronization

/// Watches ``UIText`` from a test: which keys the screens asked for, and (in pseudo mode)
/// every translated word drawn in accented letters, so English that bypassed the tables shows.
///
/// Scoped to one task with `UIText.$probe.withValue`, so tests running beside it are untouched.
final class UITextProbe: Sendable {
  /// Whether lookups answer with ``pseudo(_:)`` instead of the tables.
  let pseudoLanguage: Bool
  private let recorded = Mutex<Set<String>>([])

  /// A probe that records keys, and answers in the pseudo language when `pseudoLanguage`.
  init(pseudoLanguage: Bool = false) {
    self.pseudoLanguage = pseudoLanguage
  }

  /// The keys looked up so far.
  var keys: Set<String> { recorded.withLock { $0 } }

  func record(_ key: String) {
    _ = recorded.withLock { $0.insert(key) }
  }

  /// `template` with every ASCII letter outside a `%@`/`%1$@` slot swapped for an accented one of
  /// the same width: `Balance %@` → `Ɓáľáñçé %@`.
  static func pseudo(_ template: String) -> String {
    var output = ""
    var rest = template[...]
    while let first = rest.first {
      if let slot = slotLength(rest) {
        output += rest.prefix(slot)
        rest = rest.dropFirst(slot)
      } else {
        output += accented(first)
        rest = rest.dropFirst()
      }
    }
    return output
  }

  /// The length of the format slot (`%@`, `%1$@`) `text` starts with, or nil.
  ///
  /// Scanned by hand: a regex literal is parsed again on every call, and this runs for every
  /// word drawn.
  private static func slotLength(_ text: Substring) -> Int? {
    let head = Array(text.prefix(4))
    guard head.first == "%", head.count >= 2 else { return nil }
    if head[1] == "@" { return 2 }
    guard head.count == 4, head[1].isASCII, head[1].isWholeNumber, head[2] == "$", head[3] == "@"
    else { return nil }
    return 4
  }

  private static let lower = Array("áƀçďéƒğĥíĵķľḿñóṕʠŕšťúṽŵẋýž")
  private static let upper = Array("ÁƁÇĎÉƑĞĤÍĴĶĽḾÑÓṔɊŔŠŤÚṼŴẊÝŽ")

  private static func accented(_ character: Character) -> String {
    guard let ascii = character.asciiValue else { return String(character) }
    switch ascii {
    case 97...122: return String(lower[Int(ascii - 97)])
    case 65...90: return String(upper[Int(ascii - 65)])
    default: return String(character)
    }
  }
}
