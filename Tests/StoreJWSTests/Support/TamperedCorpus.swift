import Foundation
import StoreCore
import Testing

@testable import StoreJWS

/// The tampered tokens of issue 3, each with the root its verifier trusts and the exact outcome.
struct TamperedCase: CustomTestStringConvertible, Sendable {
  enum Expected: Equatable, Sendable {
    /// The payload decodes, but verification fails with this error.
    case unverified(JWSVerificationError)
    /// Not even a payload: `Result.failure` with this error.
    case undecodable(JWSVerificationError)
  }

  var name: String
  var token: String
  var trustedRoot: Certificate
  var expected: Expected

  var testDescription: String { name }
}

enum TamperedCorpus {
  static let authority = SharedAuthority.authority
  static let root = authority.rootCertificate

  static func payload() -> JWSTransactionDecodedPayload { Samples.transaction(.nonConsumable) }

  /// Signs `payload` under any header with `key` (a valid ES256 signature over odd headers).
  static func sign(header: [UInt8], payload: [UInt8], key: P256PrivateKey) throws -> String {
    let input = Base64.urlEncode(header) + "." + Base64.urlEncode(payload)
    let signature = try Array(input.utf8).withUnsafeBytes { buffer in
      Result { () throws(LibCryptoError) in try key.signES256(buffer) }
    }.get()
    return input + "." + Base64.urlEncode(signature)
  }

  static func header(alg: String?, chain: [Certificate]?) -> [UInt8] {
    JWSHeader(algorithm: alg, certificateChain: chain?.map(\.der)).jsonBytes()
  }

  static var fullChain: [Certificate] {
    [authority.leafCertificate, authority.intermediateCertificate, authority.rootCertificate]
  }

  static func cases() throws -> [TamperedCase] {
    let good = try SharedAuthority.signer.sign(payload())
    let segments = good.split(separator: ".").map(String.init)
    var cases: [TamperedCase] = []
    func add(
      _ name: String, _ token: String, _ expected: TamperedCase.Expected, root: Certificate = root
    ) {
      cases.append(TamperedCase(name: name, token: token, trustedRoot: root, expected: expected))
    }

    // One byte of the signed JSON changed (the price 4990 becomes 4991): still a valid payload.
    var json = payload().jsonBytes()
    let priceRange = try requireRange(of: Array("\"price\":4990".utf8), in: json)
    json[priceRange.upperBound - 1] ^= 0x01
    add(
      "one payload byte flipped", segments[0] + "." + Base64.urlEncode(json) + "." + segments[2],
      .unverified(.invalidSignature))

    let noneHeader = header(alg: "none", chain: fullChain)
    add(
      "alg none", Base64.urlEncode(noneHeader) + "." + segments[1] + ".",
      .unverified(.invalidSignature))

    // HS256 "signed" with the public root as the HMAC key: the classic algorithm confusion.
    let hsHeader = Base64.urlEncode(header(alg: "HS256", chain: fullChain))
    let hmac = HMAC.sha256(key: root.der, message: Array((hsHeader + "." + segments[1]).utf8))
    add(
      "alg HS256", hsHeader + "." + segments[1] + "." + Base64.urlEncode(hmac),
      .unverified(.invalidSignature))

    let raw = try requireValue(Base64.urlDecode(segments[2].utf8))
    let der = try requireValue(ECDSASignature.der(fromRaw: raw))
    add(
      "DER signature", segments[0] + "." + segments[1] + "." + Base64.urlEncode(der),
      .unverified(.invalidSignature))

    let key = authority.leafKey
    add(
      "no x5c",
      try sign(header: header(alg: "ES256", chain: nil), payload: payload().jsonBytes(), key: key),
      .unverified(.invalidCertificateChain))
    add(
      "two-certificate x5c",
      try sign(
        header: header(alg: "ES256", chain: Array(fullChain.prefix(2))),
        payload: payload().jsonBytes(), key: key),
      .unverified(.invalidCertificateChain))

    let foreign = try TestCertificateAuthority.generate()
    add(
      "chain to a foreign root", try foreign.makeSigner().sign(payload()),
      .unverified(.invalidCertificateChain))

    var noOID = TestCertificateAuthority.Profile()
    noOID.leafMarkers = []
    let noOIDAuthority = try TestCertificateAuthority.generate(profile: noOID)
    add(
      "leaf without the OID", try noOIDAuthority.makeSigner().sign(payload()),
      .unverified(.invalidCertificateChain), root: noOIDAuthority.rootCertificate)

    var expired = TestCertificateAuthority.Profile()
    expired.leafNotAfter = Samples.signedDate / 1000 - 86_400
    let expiredAuthority = try TestCertificateAuthority.generate(profile: expired)
    add(
      "leaf expired at signedDate", try expiredAuthority.makeSigner().sign(payload()),
      .unverified(.invalidCertificateChain), root: expiredAuthority.rootCertificate)

    add(
      "another bundle ID",
      try SharedAuthority.signer.sign(
        Samples.transaction(.nonConsumable, bundleId: "com.example.other")),
      .unverified(.invalidDeviceVerification))
    add(
      "another environment",
      try SharedAuthority.signer.sign(Samples.transaction(.nonConsumable, environment: .sandbox)),
      .unverified(.invalidDeviceVerification))

    add("truncated", String(good.prefix(good.count / 2)), .undecodable(.invalidEncoding))
    add(
      "non-base64", segments[0] + ".%%not*base64%%." + segments[2], .undecodable(.invalidEncoding))
    let huge = String(repeating: "A", count: 10 * 1024 * 1024)
    add("10 MB line", segments[0] + "." + huge + "." + segments[2], .undecodable(.invalidEncoding))
    return cases
  }

  struct Missing: Error {}

  static func requireRange(of needle: [UInt8], in haystack: [UInt8]) throws -> Range<Int> {
    guard needle.count <= haystack.count else { throw Missing() }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return start..<(start + needle.count)
    }
    throw Missing()
  }

  static func requireValue<T>(_ value: T?) throws -> T {
    guard let value else { throw Missing() }
    return value
  }
}
