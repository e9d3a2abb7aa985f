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

  /// Standard base64 with `=` padding (as `x5c` entries are written).
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: encodeBytes(bytes, alphabet: standardAlphabet, pad: true), as: UTF8.self)
  }

  /// Base64url without padding (as JWS segments are written).
  public static func urlEncode(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: encodeBytes(bytes, alphabet: urlAlphabet, pad: false), as: UTF8.self)
  }

  /// Base64url without padding, as ASCII bytes.
  public static func urlEncodeBytes(_ bytes: some Collection<UInt8>) -> [UInt8] {
    encodeBytes(bytes, alphabet: urlAlphabet, pad: false)
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
    _ input: some Collection<UInt8>, alphabet: [UInt8], pad: Bool
  ) -> [UInt8] {
    let bytes = Array(input)
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      output.append(alphabet[Int(value >> 18 & 63)])
      output.append(alphabet[Int(value >> 12 & 63)])
      output.append(alphabet[Int(value >> 6 & 63)])
      output.append(alphabet[Int(value & 63)])
      index += 3
    }
    let remaining = bytes.count - index
    if remaining > 0 {
      var value = UInt32(bytes[index]) << 16
      if remaining == 2 { value |= UInt32(bytes[index + 1]) << 8 }
      output.append(alphabet[Int(value >> 18 & 63)])
      output.append(alphabet[Int(value >> 12 & 63)])
      if remaining == 2 { output.append(alphabet[Int(value >> 6 & 63)]) }
      if pad { output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - remaining)) }
    }
    return output
  }

  private static func decodeBytes(_ text: UnsafeBufferPointer<UInt8>, table: [UInt8]) -> [UInt8]? {
    let count = text.count
    guard count % 4 != 1 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(count / 4 * 3 + 2)
    var accumulator: UInt32 = 0
    var bits = 0
    for character in text {
      let value = table[Int(character)]
      guard value != 0xFF else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    // Leftover bits must be zero, so each byte string has exactly one encoding.
    guard accumulator == 0 else { return nil }
    return output
  }
}
