/// Finds the bytes JSON writes escaped inside a string (a control character, `"` or `\`), eight
/// bytes at a time: a history page's JWS strings are 34 KB with nothing to escape, and a byte at
/// a time was most of the time spent writing them.
enum JSONEscapeScan {
  /// Whether `byte` is written escaped inside a JSON string.
  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// The offset of the first byte at or after `start` that needs an escape, or `bytes.count`.
  static func firstEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var offset = start
    let count = bytes.count
    if let base = bytes.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while offset + 8 <= count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        // The classic zero-byte tests: nonzero exactly when some byte of the word is below
        // 0x20, or equals `"` (0x22) or `\` (0x5C). Bytes of 0x80 and above never match.
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word & highs
        let quotes = (quote &- ones) & ~quote & highs
        let backslashes = (backslash &- ones) & ~backslash & highs
        if control | quotes | backslashes != 0 { break }
        offset += 8
      }
    }
    while offset < count, !needsEscape(bytes[offset]) { offset += 1 }
    return offset
  }
}
