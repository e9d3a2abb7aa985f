import CLibCrypto

/// Conversions between libcrypto's DER ECDSA signatures and JWS's raw 64-byte R‖S.
enum ECDSASignature {
  /// The raw R‖S form (each 32 bytes, big-endian, left-padded) of a DER signature.
  static func raw(fromDER der: some Collection<UInt8>) -> [UInt8]? {
    let bytes = Array(der)
    let signature: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
      var cursor = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
    }
    guard let signature else { return nil }
    defer { ECDSA_SIG_free(signature) }
    var r: OpaquePointer?
    var s: OpaquePointer?
    ECDSA_SIG_get0(signature, &r, &s)
    guard let r, let s else { return nil }
    var raw = [UInt8](repeating: 0, count: 64)
    let written = raw.withUnsafeMutableBufferPointer { buffer in
      BN_bn2binpad(r, buffer.baseAddress, 32) == 32
        && BN_bn2binpad(s, buffer.baseAddress! + 32, 32) == 32
    }
    return written ? raw : nil
  }

  /// The DER form of a raw R‖S signature; `nil` unless it is exactly 64 bytes.
  static func der(fromRaw raw: some Collection<UInt8>) -> [UInt8]? {
    guard raw.count == 64 else { return nil }
    let bytes = Array(raw)
    guard let signature = ECDSA_SIG_new() else { return nil }
    defer { ECDSA_SIG_free(signature) }
    let r = bytes.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, 32, nil) }
    let s = bytes.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + 32, 32, nil) }
    guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
      BN_free(r)
      BN_free(s)
      return nil
    }
    var output: UnsafeMutablePointer<UInt8>?
    let length = i2d_ECDSA_SIG(signature, &output)
    guard length > 0, let output else { return nil }
    defer { lc_openssl_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(length)))
  }
}
