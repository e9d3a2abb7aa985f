import CLibCrypto

/// HMAC-SHA256 for forging the HS256 case (libcrypto's one-shot `HMAC`).
enum HMAC {
  static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    _ = CLibCrypto.HMAC(
      EVP_sha256(), key, Int32(key.count), message, message.count, &output, &length)
    return Array(output.prefix(Int(length)))
  }
}
