/// Finds the bytes JSON writes escaped inside a string (a control character, `"` or `\`), 32
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
    scan(bytes, from: start, stoppingAtNonASCII: false)
  }

  /// The offset of the first byte at or after `start` that needs an escape or is not ASCII, or
  /// `bytes.count`: where a run that is plain ASCII text ends.
  static func firstEscapeOrNonASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    scan(bytes, from: start, stoppingAtNonASCII: true)
  }

  @inline(__always)
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stoppingAtNonASCII: Bool
  ) -> Int {
    // Bytes of 0x80 and above have their high bit set; the other tests never match them.
    let highBits: UInt64 = stoppingAtNonASCII ? 0x8080_8080_8080_8080 : 0
    var offset = start
    let count = bytes.count
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      // Four words a step, tested together: their tests run side by side, and one branch a
      // step instead of four halved the scan's time.
      while offset + 32 <= count {
        let at = base + offset
        let first = at.loadUnaligned(as: UInt64.self)
        let second = at.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let third = at.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        let fourth = at.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        let found =
          escapes(first) | escapes(second) | escapes(third) | escapes(fourth)
          | (first | second | third | fourth) & highBits
        if found != 0 { break }
        offset += 32
      }
      while offset + 8 <= count {
        let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if escapes(word) | word & highBits != 0 { break }
        offset += 8
      }
    }
    while offset < count, !needsEscape(bytes[offset]),
      !stoppingAtNonASCII || bytes[offset] < 0x80
    {
      offset += 1
    }
    return offset
  }

  /// Nonzero exactly when some byte of `word` needs an escape.
  ///
  /// The classic zero-byte tests, for a byte below 0x20, `"` (0x22) or `\` (0x5C); bytes of
  /// 0x80 and above never match.
  @inline(__always)
  private static func escapes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let control = (word &- ones &* 0x20) & ~word & highs
    let quotes = (quote &- ones) & ~quote & highs
    let backslashes = (backslash &- ones) & ~backslash & highs
    return control | quotes | backslashes
  }
}
