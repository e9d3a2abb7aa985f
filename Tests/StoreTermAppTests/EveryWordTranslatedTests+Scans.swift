/// The hand-written scans the translation tests read the screens and the sources with: Swift's
/// regex literals are parsed again on every use, which made these tests the suite's slowest.
extension EveryWordTranslatedTests {
  /// Whether `word` (ASCII letters) is all capitals or lower camel case (`purchaseDate`).
  static func isIdentifier(_ word: String) -> Bool {
    let letters = Array(word.utf8)
    guard let first = letters.first, letters.allSatisfy(isLetter) else { return false }
    return letters.allSatisfy(isCapital)
      || (!isCapital(first) && letters.contains(where: isCapital))
  }

  static func isLetter(_ byte: UInt8) -> Bool { isCapital(byte) || (97...122).contains(byte) }
  static func isCapital(_ byte: UInt8) -> Bool { (65...90).contains(byte) }

  /// Runs of two or more ASCII letters: words no table wrote (the pseudo language has none).
  ///
  /// An Apple error case (`StoreKitError.unknown`) is one identifier, not words.
  /// Scanned by hand: this runs for every line of every screen, and a regex literal is parsed
  /// again on each use.
  static func plainWords(_ lines: [String]) -> [String] {
    lines.flatMap(words(in:))
  }

  /// ``plainWords(_:)`` of one line.
  static func words(in line: String) -> [String] {
    let bytes = Array(line.utf8)
    var words: [String] = []
    var start = 0
    var skipNext = false
    while start < bytes.count {
      guard isLetter(bytes[start]) else {
        start += 1
        continue
      }
      var end = start
      while end < bytes.count, isLetter(bytes[end]) { end += 1 }
      var kept = start..<end
      if skipNext {
        kept = start..<start
        skipNext = false
      } else if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "."), isLetter(bytes[end + 1]),
        bytes[start..<end].suffix(5).elementsEqual("Error".utf8),
        let capital = bytes[start..<end].firstIndex(where: isCapital), capital <= end - 6
      {
        // `StoreKitError.unknown`: the identifier and its case go, letters before it stay.
        kept = start..<capital
        skipNext = true
      }
      if kept.count >= 2 { words.append(String(decoding: bytes[kept], as: UTF8.self)) }
      start = end
    }
    return words
  }

  /// The contents of each one-line `"…"` in `source`, with `\"` read as `"`: what the regex
  /// `"((?:[^"\\\n]|\\.)*)"` finds, scanned by hand because Swift's regex takes seconds here.
  static func stringLiterals(in source: [UInt8]) -> Set<String> {
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
    var literals: Set<String> = []
    var start = 0
    while start < source.count {
      guard source[start] == quote else {
        start += 1
        continue
      }
      var end = start + 1
      var closed = false
      while end < source.count, source[end] != newline {
        if source[end] == quote {
          closed = true
          break
        }
        if source[end] == backslash {
          guard end + 1 < source.count, source[end + 1] != newline else { break }
          end += 2
        } else {
          end += 1
        }
      }
      guard closed else {
        start += 1
        continue
      }
      literals.insert(
        String(decoding: source[(start + 1)..<end], as: UTF8.self)
          .replacingOccurrences(of: "\\\"", with: "\""))
      start = end + 1
    }
    return literals
  }
}
