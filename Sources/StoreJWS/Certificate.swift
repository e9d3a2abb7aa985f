import CLibCrypto
import Foundation
import StoreCore

/// An X.509 certificate held by libcrypto (`X509`), with its DER bytes.
public final class Certificate: @unchecked Sendable {
  // @unchecked: the X509 is never mutated after init; libcrypto only reads it (verification
  // takes its own references).
  let pointer: OpaquePointer
  /// The certificate's DER encoding, exactly as it appears (base64) in `x5c`.
  public let der: [UInt8]

  /// Parses a DER certificate; `nil` if it is not one (trailing bytes included).
  public convenience init?(der: some Collection<UInt8>) {
    let bytes = Array(der)
    var consumed = 0
    let certificate: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
      var cursor = buffer.baseAddress
      let result = d2i_X509(nil, &cursor, buffer.count)
      if let cursor, let base = buffer.baseAddress { consumed = cursor - base }
      return result
    }
    guard let certificate else {
      LibCryptoError.clearQueue()
      return nil
    }
    guard consumed == bytes.count else {
      X509_free(certificate)
      return nil
    }
    self.init(owning: certificate, der: bytes)
  }

  /// Takes ownership of `pointer`, re-encoding it to DER.
  convenience init(owning pointer: OpaquePointer) throws(LibCryptoError) {
    var output: UnsafeMutablePointer<UInt8>?
    let length = i2d_X509(pointer, &output)
    guard length > 0, let output else {
      X509_free(pointer)
      throw LibCryptoError("encode a certificate")
    }
    defer { lc_openssl_free(output) }
    self.init(owning: pointer, der: Array(UnsafeBufferPointer(start: output, count: Int(length))))
  }

  private init(owning pointer: OpaquePointer, der: [UInt8]) {
    self.pointer = pointer
    self.der = der
  }

  deinit { X509_free(pointer) }

  /// The certificate as PEM text (`-----BEGIN CERTIFICATE-----` …).
  public var pem: String {
    let body = Base64.encode(der)
    var lines = ["-----BEGIN CERTIFICATE-----"]
    var index = body.startIndex
    while index < body.endIndex {
      let end = body.index(index, offsetBy: 64, limitedBy: body.endIndex) ?? body.endIndex
      lines.append(String(body[index..<end]))
      index = end
    }
    lines.append("-----END CERTIFICATE-----")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The start of the validity period, in seconds since 1970.
  public var notBefore: Int64 { Certificate.seconds(X509_get0_notBefore(pointer)) }

  /// The end of the validity period, in seconds since 1970.
  public var notAfter: Int64 { Certificate.seconds(X509_get0_notAfter(pointer)) }

  /// The subject's common name, for messages.
  public var commonName: String {
    guard let name = X509_get_subject_name(pointer) else { return "" }
    var buffer = [CChar](repeating: 0, count: 256)
    let length = X509_NAME_get_text_by_NID(name, NID_commonName, &buffer, Int32(buffer.count))
    guard length > 0 else { return "" }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether the certificate carries the extension `oid` (dotted text), whatever its value.
  public func hasExtension(oid: String) -> Bool {
    guard let object = OBJ_txt2obj(oid, 1) else { return false }
    defer { ASN1_OBJECT_free(object) }
    return X509_get_ext_by_OBJ(pointer, object, -1) >= 0
  }

  /// The subject public key if it is a P-256 key.
  var p256PublicKey: P256PublicKey? {
    guard let key = X509_get0_pubkey(pointer), P256PublicKey.isP256(key) else { return nil }
    EVP_PKEY_up_ref(key)
    return P256PublicKey(owning: key)
  }

  private static func seconds(_ time: UnsafePointer<ASN1_TIME>?) -> Int64 {
    var parts = tm()
    guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return 0 }
    return Int64(timegm(&parts))
  }
}
