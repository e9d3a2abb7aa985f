import TerminalUI

/// Decodes the bytes a terminal sends into keys: UTF-8 text, control keys, and the common
/// ANSI escape sequences for arrows, paging and function keys.
///
/// Used by the line-mode backend, where no terminfo-driven keypad decoding is available.
struct ByteKeyDecoder {
  private var pending: [UInt8] = []

  /// The keys that `bytes` complete.
  ///
  /// An incomplete UTF-8 character waits for the next call, and so does a sequence cut after
  /// its introducer (`ESC [1` with the `~` still to come), so a split read never types `1`. An
  /// escape byte that ends the chunk is the Escape key, since a terminal sends at least the
  /// introducer in the same write.
  mutating func feed(_ bytes: [UInt8]) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B {
        if let (key, length) = escapeSequence(at: index) {
          if let key { keys.append(key) }
          index += length
        } else if isUnfinishedSequence(at: index) {
          break
        } else {
          keys.append(.escape)
          index += 1
        }
        continue
      }
      if byte < 0x80 {
        if let key = Self.controlOrASCII(byte) { keys.append(key) }
        index += 1
        continue
      }
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      guard index + length <= pending.count else { break }
      let scalar = String(decoding: pending[index..<(index + length)], as: UTF8.self)
      if let character = scalar.first, scalar != "\u{FFFD}" { keys.append(.char(character)) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Whether the bytes from `start` are an Escape, an introducer and parameters, with the final
  /// byte not read yet.
  private func isUnfinishedSequence(at start: Int) -> Bool {
    guard start + 1 < pending.count,
      pending[start + 1] == UInt8(ascii: "[") || pending[start + 1] == UInt8(ascii: "O")
    else { return false }
    return pending[(start + 2)...].allSatisfy { $0 == UInt8(ascii: ";") || (48...57).contains($0) }
  }

  private static func controlOrASCII(_ byte: UInt8) -> Key? {
    switch byte {
    case 10, 13: .enter
    case 9: .tab
    case 8, 127: .backspace
    case 0: .ctrl(" ")
    case 1...26: .ctrl(Character(Unicode.Scalar(byte + 96)))
    case 27...31: nil
    default: .char(Character(Unicode.Scalar(byte)))
    }
  }

  /// The key for an escape sequence at `start` and its length.
  ///
  /// Nil when the escape byte stands alone. A recognised shape with an unknown final byte
  /// yields a nil key, so the whole sequence is dropped rather than typed as text.
  private func escapeSequence(at start: Int) -> (Key?, Int)? {
    // Escape, an introducer and a final byte at the least.
    guard start + 2 < pending.count else { return nil }
    let introducer = pending[start + 1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return nil }
    // Parameters are digits and semicolons; the final byte is a letter or `~`.
    var end = start + 2
    while end < pending.count, pending[end] == UInt8(ascii: ";") || (48...57).contains(pending[end])
    {
      end += 1
    }
    guard end < pending.count else { return nil }
    let parameters = String(decoding: pending[(start + 2)..<end], as: UTF8.self)
    let final = Character(Unicode.Scalar(pending[end]))
    let length = end - start + 1
    let bytes = String(decoding: pending[(start + 1)...end], as: UTF8.self)
    if let entry = KeySequences.entries.first(where: { $0.bytes == bytes }) {
      return (entry.key, length)
    }
    switch final {
    case "A": return (.up, length)
    case "B": return (.down, length)
    case "C": return (.right, length)
    case "D": return (.left, length)
    case "H": return (.home, length)  // with modifiers: `ESC [1;5H`
    case "F": return (.end, length)
    case "Z": return (.backTab, length)
    case "P", "Q", "R", "S": return (.function(Int(final.asciiValue! - 79)), length)
    case "~":
      switch parameters.split(separator: ";").first ?? "" {
      case "1", "7": return (.home, length)
      case "4", "8": return (.end, length)
      case "3": return (.delete, length)
      case "5": return (.pageUp, length)
      case "6": return (.pageDown, length)
      case "15": return (.function(5), length)
      case "17", "18", "19", "20", "21":
        return (.function(Int(parameters.prefix(2))! - 11), length)
      case "23", "24": return (.function(Int(parameters.prefix(2))! - 12), length)
      default: return (nil, length)
      }
    default: return (nil, length)
    }
  }
}
