import Foundation
import StoreCore
import Testing

@testable import StoreJWS

/// Rules beyond the tampered corpus, each matching what Apple's library does.
@Suite("Verifier rules")
struct VerifierRulesTests {
  let authority = SharedAuthority.authority
  let verifier = SharedAuthority.verifier()

  func chain(third: [UInt8]) -> [[UInt8]] {
    [authority.leafCertificate.der, authority.intermediateCertificate.der, third]
  }

  func sign(_ header: JWSHeader, _ payload: some SignedPayload) throws -> String {
    try TamperedCorpus.sign(
      header: header.jsonBytes(), payload: payload.jsonBytes(), key: authority.leafKey)
  }

  @Test func theThirdCertificateIsNeverTrustedNorRead() throws {
    // Apple's library ignores x5c[2]; trust comes only from the configured roots.
    let header = JWSHeader(algorithm: "ES256", certificateChain: chain(third: [1, 2, 3]))
    let jws = try sign(header, Samples.renewalInfo())
    #expect(try verifier.verify(jws, as: JWSRenewalInfoDecodedPayload.self).get().isVerified)
  }

  @Test func extraHeaderMembersAreIgnored() throws {
    var json = JWSHeader(algorithm: "ES256", certificateChain: chain(third: [])).jsonBytes()
    json.removeLast()
    json += Array(#","typ":"JWT"}"#.utf8)
    let jws = try TamperedCorpus.sign(
      header: json, payload: Samples.renewalInfo().jsonBytes(), key: authority.leafKey)
    #expect(try verifier.verify(jws, as: JWSRenewalInfoDecodedPayload.self).get().isVerified)
  }

  @Test func anX5cEntryInBase64urlIsAChainError() throws {
    var json = JWSHeader(algorithm: "ES256", certificateChain: chain(third: [])).jsonBytes()
    let leaf = Base64.encode(authority.leafCertificate.der)
    let urlLeaf = Base64.urlEncode(authority.leafCertificate.der) + "=="
    #expect(leaf != urlLeaf)
    json = Array(
      String(decoding: json, as: UTF8.self).replacingOccurrences(of: leaf, with: urlLeaf).utf8)
    let jws = try TamperedCorpus.sign(
      header: json, payload: Samples.renewalInfo().jsonBytes(), key: authority.leafKey)
    let result = try verifier.verify(jws, as: JWSRenewalInfoDecodedPayload.self).get()
    #expect(result.verificationError == .invalidCertificateChain)
  }

  @Test func aNotificationWithoutDataCannotBeMatchedToTheApp() throws {
    var payload = try Samples.notification(signer: SharedAuthority.signer)
    payload.data = nil
    let jws = try SharedAuthority.signer.sign(payload)
    let result = try verifier.verify(jws, as: ResponseBodyV2DecodedPayload.self).get()
    #expect(result == .unverified(payload, .missingRequiredProperties))
  }

  @Test func aMissingRequiredFieldGivesNoPayload() throws {
    let json = Array(#"{"transactionId":"1"}"#.utf8)
    let jws = try SharedAuthority.signer.sign(payloadJSON: json)
    let result = verifier.verify(jws, as: JWSTransactionDecodedPayload.self)
    #expect(result == .failure(.missingRequiredProperties))
  }

  @Test func theWrongKindIsMissingProperties() throws {
    let jws = try SharedAuthority.signer.sign(Samples.renewalInfo())
    let result = verifier.verify(jws, as: JWSTransactionDecodedPayload.self)
    #expect(result == .failure(.missingRequiredProperties))
  }

  @Test func deviceVerificationIsRequiredOnceADeviceIsConfigured() throws {
    let verifier = SharedAuthority.verifier(.init(deviceVerificationID: Samples.deviceID))
    var payload = Samples.transaction(.consumable)
    payload.deviceVerification = nil
    let jws = try SharedAuthority.signer.sign(payload)
    let result = try verifier.verify(jws, as: JWSTransactionDecodedPayload.self).get()
    #expect(result.verificationError == .invalidDeviceVerification)
    // Notifications are server data and carry no device verification.
    let notification = try SharedAuthority.signer.sign(
      try Samples.notification(signer: SharedAuthority.signer))
    #expect(
      try verifier.verify(notification, as: ResponseBodyV2DecodedPayload.self).get().isVerified)
  }

  @Test func verifiedPayloadValueThrowsTheErrorWhenUnverified() throws {
    let jws = try SharedAuthority.signer.sign(Samples.transaction(.consumable, bundleId: "x.y"))
    let result = try verifier.verify(jws, as: JWSTransactionDecodedPayload.self).get()
    #expect(throws: JWSVerificationError.invalidDeviceVerification) { try result.payloadValue }
    #expect(result.unsafePayloadValue.bundleId == "x.y")
  }
}
