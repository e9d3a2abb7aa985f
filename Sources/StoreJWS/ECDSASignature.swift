/// Conversions between DER ECDSA signatures (what libcrypto speaks) and JWS's raw R‖S.
///
/// Written out by hand rather than with `d2i_ECDSA_SIG`/`BN_*`: the DER is a fixed, tiny shape
/// (`SEQUENCE { INTEGER r, INTEGER s }`), and this runs on every signature and verification.
enum ECDSASignature {
  /// The raw R‖S form (each 32 bytes, big-endian, left-padded) of a DER P-256 signature.
  static func raw(fromDER der: some Collection<UInt8>) -> [UInt8]? {
    let bytes = Array(der)
    guard bytes.count >= 8, bytes[0] == 0x30, Int(bytes[1]) == bytes.count - 2 else { return nil }
    var raw = [UInt8](repeating: 0, count: 64)
    var index = 2
    for half in 0..<2 {
      guard index + 2 <= bytes.count, bytes[index] == 0x02 else { return nil }
      let length = Int(bytes[index + 1])
      index += 2
      guard length >= 1, index + length <= bytes.count else { return nil }
      var integer = bytes[index..<(index + length)]
      index += length
      // Strip the sign byte DER adds before a high bit; anything longer is not a P-256 scalar.
      while integer.count > 32, integer.first == 0 { integer = integer.dropFirst() }
      guard integer.count <= 32 else { return nil }
      let start = half * 32 + (32 - integer.count)
      raw.replaceSubrange(start..<(start + integer.count), with: integer)
    }
    return index == bytes.count ? raw : nil
  }

  /// The DER form of a raw R‖S signature; `nil` unless it is exactly 64 bytes.
  static func der(fromRaw raw: some Collection<UInt8>) -> [UInt8]? {
    guard raw.count == 64 else { return nil }
    let bytes = Array(raw)
    func integer(_ value: ArraySlice<UInt8>) -> [UInt8] {
      var trimmed = value.drop(while: { $0 == 0 })
      if trimmed.isEmpty { trimmed = [0] }
      let body = (trimmed.first! & 0x80 != 0 ? [0] : []) + Array(trimmed)
      return [0x02, UInt8(body.count)] + body
    }
    let content = integer(bytes[0..<32]) + integer(bytes[32..<64])
    return [0x30, UInt8(content.count)] + content
  }
}
