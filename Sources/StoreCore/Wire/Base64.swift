/// Base64 (RFC 4648 §4, with padding) and base64url (§5, without padding) over bytes.
///
/// Decoding is strict, as JWS verifiers are: no whitespace, no characters from the other
/// alphabet, no padding where none belongs, and no stray bits in the last character.
public enum Base64 {
  private static let standardAlphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  private static let urlAlphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
  private static let standardTable = decodingTable(standardAlphabet)
  private static let urlTable = decodingTable(urlAlphabet)

  /// Whether `byte` is a base64url character or the dot between a compact JWS's segments.
  public static func isURLCharacterOrDot(_ byte: UInt8) -> Bool {
    // The alphabet's own decoding table: the characters are written down once.
    byte == UInt8(ascii: ".") || urlTable[Int(byte)] != 0xFF
  }

  /// Standard base64 with `=` padding (as `x5c` entries are written).
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    String(
      decoding: encodeBytes(bytes, alphabet: standardAlphabet, pairs: standardPairs, pad: true),
      as: UTF8.self)
  }

  /// Base64url without padding (as JWS segments are written).
  public static func urlEncode(_ bytes: some Collection<UInt8>) -> String {
    String(
      decoding: encodeBytes(bytes, alphabet: urlAlphabet, pairs: urlPairs, pad: false),
      as: UTF8.self)
  }

  /// Base64url without padding, as ASCII bytes.
  public static func urlEncodeBytes(_ bytes: some Collection<UInt8>) -> [UInt8] {
    encodeBytes(bytes, alphabet: urlAlphabet, pairs: urlPairs, pad: false)
  }

  /// Decodes standard base64 with mandatory padding; `nil` if not strictly valid.
  public static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    contiguous(text) { buffer in
      guard buffer.count % 4 == 0 else { return nil }
      var end = buffer.count
      while end > 0, buffer.count - end < 2, buffer[end - 1] == UInt8(ascii: "=") { end -= 1 }
      return decodeBytes(UnsafeBufferPointer(rebasing: buffer[..<end]), table: standardTable)
    }
  }

  /// Decodes base64url without padding; `nil` if not strictly valid.
  public static func urlDecode(_ text: some Collection<UInt8>) -> [UInt8]? {
    contiguous(text) { decodeBytes($0, table: urlTable) }
  }

  private static func contiguous(
    _ text: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> [UInt8]?
  ) -> [UInt8]? {
    if let result = text.withContiguousStorageIfAvailable(body) { return result }
    return Array(text).withUnsafeBufferPointer(body)
  }

  private static func decodingTable(_ alphabet: [UInt8]) -> [UInt8] {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
    return table
  }

  private static func encodeBytes(
    _ input: some Collection<UInt8>, alphabet: [UInt8], pairs: [UInt16], pad: Bool
  ) -> [UInt8] {
    if let output = input.withContiguousStorageIfAvailable({
      encode($0, alphabet, pairs, pad)
    }) {
      return output
    }
    return Array(input).withUnsafeBufferPointer { encode($0, alphabet, pairs, pad) }
  }

  /// Every pair of characters that twelve bits encode to, as the two bytes in memory order:
  /// three input bytes take two lookups instead of four.
  private static func pairTable(_ alphabet: [UInt8]) -> [UInt16] {
    (0..<4096).map { bits in
      UInt16(alphabet[bits >> 6]) | UInt16(alphabet[bits & 63]) << 8
    }
  }
  private static let standardPairs = pairTable(standardAlphabet)
  private static let urlPairs = pairTable(urlAlphabet)

  /// The encoder's inner loop, over raw buffers: it runs on every token signed.
  private static func encode(
    _ bytes: UnsafeBufferPointer<UInt8>, _ alphabet: [UInt8], _ pairs: [UInt16], _ pad: Bool
  ) -> [UInt8] {
    let whole = bytes.count / 3
    let remaining = bytes.count - whole * 3
    let length = whole * 4 + (remaining == 0 ? 0 : (pad ? 4 : remaining + 1))
    return pairs.withUnsafeBufferPointer { pairs in
      [UInt8](unsafeUninitializedCapacity: length) { output, count in
        var out = 0
        var index = 0
        if let base = UnsafeMutableRawPointer(output.baseAddress),
          let input = UnsafeRawPointer(bytes.baseAddress), let table = pairs.baseAddress
        {
          // Six bytes a step from one eight-byte load (two left unused), while eight remain.
          while index + 8 <= bytes.count {
            let word = UInt64(
              bigEndian: input.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let high = UInt64(table[Int(word >> 52)]) | UInt64(table[Int(word >> 40 & 0xFFF)]) << 16
            let low =
              UInt64(table[Int(word >> 28 & 0xFFF)]) | UInt64(table[Int(word >> 16 & 0xFFF)]) << 16
            base.storeBytes(of: (high | low << 32).littleEndian, toByteOffset: out, as: UInt64.self)
            out += 8
            index += 6
          }
          while index + 3 <= bytes.count {
            let value =
              Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
            let pair = UInt32(pairs[value >> 12]) | UInt32(pairs[value & 0xFFF]) << 16
            base.storeBytes(of: pair.littleEndian, toByteOffset: out, as: UInt32.self)
            out += 4
            index += 3
          }
        }
        if remaining > 0 {
          var value = UInt32(bytes[index]) << 16
          if remaining == 2 { value |= UInt32(bytes[index + 1]) << 8 }
          output[out] = alphabet[Int(value >> 18 & 63)]
          output[out + 1] = alphabet[Int(value >> 12 & 63)]
          out += 2
          if remaining == 2 {
            output[out] = alphabet[Int(value >> 6 & 63)]
            out += 1
          }
          if pad {
            while out < length {
              output[out] = UInt8(ascii: "=")
              out += 1
            }
          }
        }
        count = out
      }
    }
  }

  /// The decoder's inner loop: four characters to three bytes at a time (a history page decodes
  /// ten 1.5 KB payloads, and a bit at a time was a fifth of reading a record).
  private static func decodeBytes(_ text: UnsafeBufferPointer<UInt8>, table: [UInt8]) -> [UInt8]? {
    let count = text.count
    let remaining = count % 4
    guard remaining != 1 else { return nil }
    let whole = count / 4
    let length = whole * 3 + max(0, remaining - 1)
    var valid = true
    let output = table.withUnsafeBufferPointer { table in
      [UInt8](unsafeUninitializedCapacity: length) { output, written in
        // Every valid character maps below 64; an invalid one maps to 0xFF, so one test of the
        // high bit over all of them finds any.
        var seen: UInt8 = 0
        var index = 0
        var out = 0
        for _ in 0..<whole {
          let a = table[Int(text[index])]
          let b = table[Int(text[index + 1])]
          let c = table[Int(text[index + 2])]
          let d = table[Int(text[index + 3])]
          seen |= a | b | c | d
          let value = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
          output[out] = UInt8(truncatingIfNeeded: value >> 16)
          output[out + 1] = UInt8(truncatingIfNeeded: value >> 8)
          output[out + 2] = UInt8(truncatingIfNeeded: value)
          index += 4
          out += 3
        }
        // The last two or three characters carry one or two bytes; the bits left over must be
        // zero, so each byte string has exactly one encoding.
        if remaining >= 2 {
          let a = table[Int(text[index])]
          let b = table[Int(text[index + 1])]
          let c = remaining == 3 ? table[Int(text[index + 2])] : 0
          seen |= a | b | c
          let value = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
          output[out] = UInt8(truncatingIfNeeded: value >> 16)
          out += 1
          if remaining == 3 {
            output[out] = UInt8(truncatingIfNeeded: value >> 8)
            out += 1
          }
          let leftover = remaining == 3 ? value & 0xFF : value & 0xFFFF
          if leftover != 0 { valid = false }
        }
        if seen & 0x80 != 0 { valid = false }
        written = valid ? out : 0
      }
    }
    return valid ? output : nil
  }
}
