import Foundation
import StoreCore
import Testing

@testable import StoreJWS

@Suite("Sign and verify round trips")
struct RoundTripTests {
  let signer = SharedAuthority.signer
  let verifier = SharedAuthority.verifier(.init(deviceVerificationID: Samples.deviceID))

  @Test(
    "a transaction of each product type verifies and decodes to the same value",
    arguments: InAppProductType.allCases)
  func transaction(type: InAppProductType) throws {
    let payload = Samples.transaction(type)
    let jws = try signer.sign(payload)
    #expect(
      try verifier.verify(jws, as: JWSTransactionDecodedPayload.self).get() == .verified(payload))
  }

  @Test func renewalInfo() throws {
    let payload = Samples.renewalInfo()
    let jws = try signer.sign(payload)
    #expect(
      try verifier.verify(jws, as: JWSRenewalInfoDecodedPayload.self).get() == .verified(payload))
  }

  @Test func appTransaction() throws {
    let payload = Samples.appTransaction()
    let jws = try signer.sign(payload)
    #expect(
      try verifier.verify(jws, as: JWSAppTransactionDecodedPayload.self).get() == .verified(payload)
    )
  }

  @Test func notificationAndItsNestedTokens() throws {
    let payload = try Samples.notification(signer: signer)
    let jws = try signer.sign(payload)
    let result = try verifier.verify(jws, as: ResponseBodyV2DecodedPayload.self).get()
    #expect(result == .verified(payload))
    let data = try #require(payload.data)
    let nested = try #require(data.signedTransactionInfo)
    #expect(try verifier.verify(nested, as: JWSTransactionDecodedPayload.self).get().isVerified)
  }

  @Test func headerIsAppleShaped() throws {
    let jws = try signer.sign(Samples.renewalInfo())
    let parts = try #require(CompactJWS(parsing: jws))
    let header = try JSONParser.parse(parts.header)
    guard case .object(let members) = header else {
      Issue.record("header is not an object")
      return
    }
    #expect(members.map(\.key) == ["alg", "x5c"])
    #expect(header["alg"] == .string("ES256"))
    guard case .array(let chain) = header["x5c"] ?? .null else {
      Issue.record("x5c is not an array")
      return
    }
    let authority = SharedAuthority.authority
    let expected = [
      authority.leafCertificate, authority.intermediateCertificate, authority.rootCertificate,
    ]
    #expect(chain == expected.map { .string(Base64.encode($0.der)) })
    #expect(parts.signature.count == 64)
  }

  @Test func verifiedChainIsCachedByLeaf() throws {
    let verifier = SharedAuthority.verifier()
    #expect(verifier.cachedChainCount == 0)
    for type in InAppProductType.allCases {
      _ = verifier.verify(
        try signer.sign(Samples.transaction(type)), as: JWSTransactionDecodedPayload.self)
    }
    #expect(verifier.cachedChainCount == 1)
  }

  @Test func deviceVerificationMatchesStoreKitsComputation() {
    // SHA-384("<nonce lowercase><device id lowercase>"), checked against an independent value
    // computed with Python's hashlib.
    let value = SHA384DeviceVerificationHasher().deviceVerification(
      nonce: Samples.nonce, deviceVerificationID: Samples.deviceID)
    #expect(value.count == 48)
    #expect(value.base64EncodedString() == Self.expectedDeviceVerification)
  }

  static let expectedDeviceVerification =
    "6VrzPFXnzSjxyExJEZ36/1MFgCg7cmy11/yywmcVCfGBTRs8aihKdHSt4d9tbyIL"

  @Test func anotherDeviceFailsDeviceVerification() throws {
    let other = SharedAuthority.verifier(
      .init(deviceVerificationID: UUID(uuidString: "00000000-0000-4000-8000-00000000000F")!))
    let jws = try signer.sign(Samples.transaction(.consumable))
    let result = try other.verify(jws, as: JWSTransactionDecodedPayload.self).get()
    #expect(result.verificationError == .invalidDeviceVerification)
  }

  @Test func signatureIsRandomizedButBothVerify() throws {
    let payload = Samples.transaction(.nonConsumable)
    let first = try signer.sign(payload)
    let second = try signer.sign(payload)
    #expect(first != second)
    #expect(try verifier.verify(second, as: JWSTransactionDecodedPayload.self).get().isVerified)
  }

  @Test func portsAcceptTheConcreteTypes() throws {
    let signer: any Signer = SharedAuthority.signer
    let verifier: any Verifier = SharedAuthority.verifier()
    let payload = Samples.transaction(.nonRenewingSubscription)
    let result = verifier.verify(try signer.sign(payload), as: JWSTransactionDecodedPayload.self)
    #expect(try result.get().payloadValue == payload)
  }
}
