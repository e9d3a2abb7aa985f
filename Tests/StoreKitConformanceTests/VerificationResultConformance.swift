// VerificationResult<SignedType> and VerificationResult.VerificationError, each test using one
// declaration as Apple's documentation declares it. The enum has no constraint on SignedType, so
// the runnable tests wrap plain Ints and need no store.

import Foundation
import StoreKit
import StoreKitTest
import Testing

@Suite("VerificationResult conformance")
struct VerificationResultConformance {
  typealias VerificationError = VerificationResult<Transaction>.VerificationError

  @Test func signedTypeIsUnconstrained() {
    let _: VerificationResult<Int>.Type = VerificationResult<Int>.self
    let _: VerificationResult<[String]>.Type = VerificationResult<[String]>.self
  }

  @Test func verifiedCase() {
    let result: VerificationResult<Int> = .verified(7)
    if case .verified(let value) = result {
      #expect(value == 7)
    } else {
      Issue.record("verified(_:) is not an enum case")
    }
  }

  @Test func unverifiedCase() {
    let make: (Int, VerificationResult<Int>.VerificationError) -> VerificationResult<Int> =
      VerificationResult<Int>.unverified
    let result = make(8, .invalidSignature)
    if case .unverified(let value, let error) = result {
      #expect(value == 8)
      #expect(error == .invalidSignature)
    } else {
      Issue.record("unverified(_:_:) is not an enum case")
    }
  }

  @Test func payloadValue() throws {
    let verified: VerificationResult<Int> = .verified(1)
    #expect(try verified.payloadValue == 1)
    let unverified: VerificationResult<Int> = .unverified(2, .invalidSignature)
    #expect(throws: (any Error).self) { try unverified.payloadValue }
  }

  @Test func unsafePayloadValue() {
    let unverified: VerificationResult<Int> = .unverified(3, .revokedCertificate)
    let value: Int = unverified.unsafePayloadValue
    #expect(value == 3)
  }

  @Test func conditionalConformances() {
    requireEquatable(VerificationResult<Int>.self)
    requireHashable(VerificationResult<Int>.self)
    requireSendable(VerificationResult<Int>.self)
    requireEquatable(VerificationResult<Transaction>.self)
    requireHashable(VerificationResult<Transaction>.self)
    requireSendable(VerificationResult<Transaction>.self)
    requireDebugDescription(VerificationResult<Transaction>.self)
    #expect(VerificationResult<Int>.verified(1) == .verified(1))
    #expect(VerificationResult<Int>.verified(1) != .unverified(1, .invalidEncoding))
  }

  // MARK: VerificationResult.VerificationError

  @Test func verificationErrorIsNested() {
    let _: VerificationResult<Int>.VerificationError = .invalidSignature
    let _: VerificationError = .invalidSignature
  }

  @Test func verificationErrorConformances() {
    requireError(VerificationError.self)
    requireLocalizedError(VerificationError.self)
    requireEquatable(VerificationError.self)
    requireHashable(VerificationError.self)
  }

  @Test func verificationErrorCases() {
    let all: [VerificationError] = [
      .revokedCertificate, .invalidCertificateChain, .invalidDeviceVerification,
      .invalidEncoding, .invalidSignature, .missingRequiredProperties,
    ]
    #expect(Set(all).count == 6)
    for error in all {
      #expect(error.errorDescription != nil)
    }
  }

  // MARK: Where SignedType == Transaction

  @Test func transactionJWSRepresentation() {
    let _: KeyPath<VerificationResult<Transaction>, String> = \.jwsRepresentation
  }

  @Test func transactionHeaderData() {
    let _: KeyPath<VerificationResult<Transaction>, Data> = \.headerData
  }

  @Test func transactionPayloadData() {
    let _: KeyPath<VerificationResult<Transaction>, Data> = \.payloadData
  }

  @Test func transactionSignatureData() {
    let _: KeyPath<VerificationResult<Transaction>, Data> = \.signatureData
  }

  @Test func transactionSignedData() {
    let _: KeyPath<VerificationResult<Transaction>, Data> = \.signedData
  }

  @Test func transactionSignedDate() {
    let _: KeyPath<VerificationResult<Transaction>, Date> = \.signedDate
  }

  @Test func transactionDeviceVerification() {
    let _: KeyPath<VerificationResult<Transaction>, Data> = \.deviceVerification
  }

  @Test func transactionDeviceVerificationNonce() {
    let _: KeyPath<VerificationResult<Transaction>, UUID> = \.deviceVerificationNonce
  }

  // MARK: Where SignedType == RenewalInfo

  @Test func renewalInfoJWSMembers() {
    typealias Result = VerificationResult<Product.SubscriptionInfo.RenewalInfo>
    let _: KeyPath<Result, String> = \.jwsRepresentation
    let _: KeyPath<Result, Data> = \.headerData
    let _: KeyPath<Result, Data> = \.payloadData
    let _: KeyPath<Result, Data> = \.signatureData
    let _: KeyPath<Result, Data> = \.signedData
    let _: KeyPath<Result, Date> = \.signedDate
    let _: KeyPath<Result, Data> = \.deviceVerification
    let _: KeyPath<Result, UUID> = \.deviceVerificationNonce
  }

  // MARK: Where SignedType == AppTransaction

  @Test func appTransactionJWSMembers() {
    typealias Result = VerificationResult<AppTransaction>
    let _: KeyPath<Result, String> = \.jwsRepresentation
    let _: KeyPath<Result, Data> = \.headerData
    let _: KeyPath<Result, Data> = \.payloadData
    let _: KeyPath<Result, Data> = \.signatureData
    let _: KeyPath<Result, Data> = \.signedData
    let _: KeyPath<Result, Date> = \.signedDate
    let _: KeyPath<Result, Data> = \.deviceVerification
    let _: KeyPath<Result, UUID> = \.deviceVerificationNonce
  }
}
