import CLibCrypto

/// Helpers for moving bytes out of libcrypto's BIOs and DER encoders.
enum LibCryptoBuffer {
  /// Everything written to a memory BIO.
  static func bytes(of bio: OpaquePointer) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { BIO_read(bio, $0.baseAddress, Int32($0.count)) }
      if count <= 0 { break }
      result.append(contentsOf: chunk[..<Int(count)])
    }
    return result
  }
}
