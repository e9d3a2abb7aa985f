import Foundation
import StoreCore
import Testing

@testable import StoreJWS

/// Apple's App Store Server Library (through `Scripts/asl-verify.py --strict`) accepts what we
/// sign, in every environment storeterm supports.
@Suite(
  "Interop with Apple's App Store Server Library", .serialized,
  .enabled(
    if: Oracle.shouldRun, "App Store Server Library unavailable: \(Oracle.unavailableReason ?? "")")
)
struct OracleInteropTests {
  let authority = SharedAuthority.authority
  let signer = SharedAuthority.signer

  func expectAllVerified(
    _ tokens: [String], kind: SignedPayloadKind, environment: AppStoreEnvironment,
    root: Certificate? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectAllVerified(
      tokens.map { ($0, kind) }, environment: environment, root: root,
      sourceLocation: sourceLocation)
  }

  /// Items of several kinds, verified by one run of Apple's library; returns its lines (none
  /// when the library is missing).
  @discardableResult
  func expectAllVerified(
    _ items: [(token: String, kind: SignedPayloadKind)], environment: AppStoreEnvironment,
    root: Certificate? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [[String: Any]] {
    guard Oracle.checkAvailable() else {
      if Oracle.isCI {
        Issue.record(
          "CI=true but \(Oracle.unavailableReason ?? "")", sourceLocation: sourceLocation)
      }
      return []
    }
    let rootDER = (root ?? authority.rootCertificate).der
    let output = try Oracle.verify(
      batch: items.map {
        Oracle.Case(
          token: $0.token, kind: $0.kind.rawValue, root: rootDER, environment: environment.rawValue)
      }, bundleId: Samples.bundleId)
    #expect(
      output.status == 0, "\(output.stdout)\n\(output.stderr)", sourceLocation: sourceLocation)
    let lines = output.lines
    #expect(lines.count == items.count, sourceLocation: sourceLocation)
    for line in lines {
      #expect(line["ok"] as? Bool == true, "\(line)", sourceLocation: sourceLocation)
      #expect(
        (line["warnings"] as? [Any])?.isEmpty == true, "\(line)", sourceLocation: sourceLocation)
    }
    return lines
  }

  @Test(
    "every kind verifies with no warning", arguments: SignedDataConfiguration.supportedEnvironments)
  func everyKind(environment: AppStoreEnvironment) throws {
    let transactions = try InAppProductType.allCases.map {
      try signer.sign(Samples.transaction($0, environment: environment))
    }
    try expectAllVerified(
      transactions.map { ($0, .transaction) } + [
        (try signer.sign(Samples.renewalInfo(environment: environment)), .renewal),
        (try signer.sign(Samples.appTransaction(environment: environment)), .appTransaction),
        (
          try signer.sign(try Samples.notification(signer: signer, environment: environment)),
          .notification
        ),
      ], environment: environment)
  }

  // The library checks each field against its model: `revocationType` must be one of its
  // RevocationType values and `revocationPercentage` an integer (milliunits).
  @Test("refund and revocation detail, and the app transaction's store type, verify")
  func revocationDetailAndStoreType() throws {
    var refunded = Samples.transaction(.nonConsumable, environment: .sandbox)
    refunded.revocationDate = Samples.signedDate
    refunded.revocationReason = .refundedForOtherReason
    refunded.revocationType = .refundFull
    refunded.revocationPercentage = RevocationType.fullPercentage
    var familyRevoked = Samples.transaction(.autoRenewableSubscription, environment: .sandbox)
    familyRevoked.inAppOwnershipType = .familyShared
    familyRevoked.revocationDate = Samples.signedDate
    familyRevoked.revocationReason = .refundedForOtherReason
    familyRevoked.revocationType = .familyRevoke
    var app = Samples.appTransaction(environment: .sandbox)
    app.storeType = JWSAppTransactionDecodedPayload.consumerStoreType
    try expectAllVerified(
      [
        (try signer.sign(refunded), .transaction), (try signer.sign(familyRevoked), .transaction),
        (try signer.sign(app), .appTransaction),
      ], environment: .sandbox)
  }

  // Billing plans (App Store Server API 1.21): `billingPlanType` must be one of the library's
  // BillingPlanType values and each `commitmentInfo` field fit its TransactionCommitmentInfo or
  // RenewalCommitmentInfo model (the harness checks nested models field by field).
  @Test("a monthly charge of a commitment and its renewal info verify")
  func commitmentFields() throws {
    var charge = Samples.transaction(.autoRenewableSubscription, environment: .sandbox)
    charge.billingPlanType = .monthly
    charge.commitmentInfo = TransactionCommitmentInfo(
      billingPeriodNumber: 3, commitmentExpiresDate: Samples.signedDate + 31_536_000_000,
      commitmentPrice: 71_880, totalBillingPeriods: 12)
    var upFront = Samples.transaction(.autoRenewableSubscription, environment: .sandbox)
    upFront.billingPlanType = .billedUpfront
    var renewal = Samples.renewalInfo(environment: .sandbox)
    renewal.renewalBillingPlanType = .monthly
    renewal.commitmentInfo = RenewalCommitmentInfo(
      commitmentAutoRenewProductId: renewal.autoRenewProductId, commitmentAutoRenewStatus: .off,
      commitmentRenewalBillingPlanType: .monthly,
      commitmentRenewalDate: Samples.signedDate + 31_536_000_000, commitmentRenewalPrice: 71_880)
    let lines = try expectAllVerified(
      [
        (try signer.sign(charge), .transaction), (try signer.sign(upFront), .transaction),
        (try signer.sign(renewal), .renewal),
      ], environment: .sandbox)
    // The payload the library accepted carries the commitment as signed.
    guard Oracle.checkAvailable() else { return }
    let fields = try #require(lines.first?["fields"] as? [String: Any])
    #expect(fields["billingPlanType"] as? String == "MONTHLY")
    let info = try #require(fields["commitmentInfo"] as? [String: Any])
    #expect(info["billingPeriodNumber"] as? Int == 3)
    #expect(info["totalBillingPeriods"] as? Int == 12)
    #expect(info["commitmentPrice"] as? Int == 71_880)
  }

  // Bundles (iOS 27) and multiseat (App Store Server API 1.23): the bundle links Apple names no
  // JSON field for, and `multiSeatInfo`, as the engine signs them.
  @Test("a bundled subscription's transaction, a multiseat one and their renewal info verify")
  func bundleAndSeatFields() throws {
    var member = Samples.transaction(.autoRenewableSubscription, environment: .sandbox)
    member.bundleProductId = "dev.storeterm.bundles.duo"
    member.bundleSubscriptionGroupIdentifier = "B2222A03"
    member.bundleOriginalTransactionId = "7"
    member.bundleTransactionId = "9"
    member.previousOriginalTransactionId = "3"
    member.price = 0
    var seats = Samples.transaction(.autoRenewableSubscription, environment: .sandbox)
    seats.quantity = 8
    seats.price = 9_240
    seats.multiSeatInfo = TransactionMultiSeatInfo(
      invitationManagement: TransactionMultiSeatInfo.developer,
      priceTiers: [
        .init(tierPrice: 9_990, tierQuantity: 5), .init(tierPrice: 7_990, tierQuantity: 3),
      ])
    var replaced = Samples.transaction(.autoRenewableSubscription, environment: .sandbox)
    replaced.revocationDate = Samples.signedDate
    replaced.revocationReason = .upgradedToBundle
    replaced.revocationType = .refundFull
    replaced.revocationPercentage = 100_000
    var renewal = Samples.renewalInfo(environment: .sandbox)
    renewal.bundleProductId = "dev.storeterm.bundles.duo"
    renewal.bundleSubscriptionGroupIdentifier = "B2222A03"
    let lines = try expectAllVerified(
      [
        (try signer.sign(member), .transaction), (try signer.sign(seats), .transaction),
        (try signer.sign(replaced), .transaction), (try signer.sign(renewal), .renewal),
      ], environment: .sandbox)
    guard Oracle.checkAvailable() else { return }
    let fields = try #require(lines.first?["fields"] as? [String: Any])
    #expect(fields["productId"] as? String == member.productId)
  }

  // Apple-hosted seats (iOS 27.3): a member's own transaction, `ASSIGNED`, and the same after
  // the purchaser took the seat back (`ASSIGNMENT_REVOKE`, the form storeterm gives StoreKit's
  // `assignmentRevocation`, for which Apple documents no server value). The library keeps
  // values it does not know as raw strings, so it decodes both.
  @Test("an assigned seat's transaction and its revocation verify")
  func assignedSeatFields() throws {
    var assigned = Samples.transaction(.autoRenewableSubscription, environment: .sandbox)
    assigned.inAppOwnershipType = .assigned
    assigned.quantity = 3
    assigned.multiSeatInfo = TransactionMultiSeatInfo(
      invitationManagement: TransactionMultiSeatInfo.apple,
      priceTiers: [.init(tierPrice: 9_990, tierQuantity: 3)])
    var revoked = assigned
    revoked.revocationDate = Samples.signedDate
    revoked.revocationReason = .refundedForOtherReason
    revoked.revocationType = .assignmentRevoke
    let lines = try expectAllVerified(
      [(try signer.sign(assigned), .transaction), (try signer.sign(revoked), .transaction)],
      environment: .sandbox)
    guard Oracle.checkAvailable() else { return }
    let fields = lines.compactMap { $0["fields"] as? [String: Any] }
    #expect(fields.map { $0["inAppOwnershipType"] as? String } == ["ASSIGNED", "ASSIGNED"])
    #expect(fields.last?["revocationType"] as? String == "ASSIGNMENT_REVOKE")
    let seats = try #require(fields.first?["multiSeatInfo"] as? [String: Any])
    #expect(seats["invitationManagement"] as? String == "APPLE")
  }

  // Advanced Commerce (iOS 18.4): a one-time charge's `advancedCommerceInfo` as the engine
  // signs it must fit the library's AdvancedCommerceTransactionInfo and its items' model.
  @Test("an Advanced Commerce one-time charge verifies and its items decode")
  func advancedCommerceFields() throws {
    var charge = Samples.transaction(.nonConsumable, environment: .sandbox)
    charge.price = 2_990
    charge.advancedCommerceInfo = AdvancedCommerceTransactionInfo(
      estimatedTax: 0,
      items: [
        .init(
          sku: "BOOK-1984", description: "A novel, e-book", displayName: "Nineteen Eighty-Four",
          price: 2_990)
      ],
      requestReferenceId: "0c9f0b52-3a57-4c6e-9d43-0f1e2a3b4c5d", taxCode: "C003-00-1",
      taxExclusivePrice: 2_990, taxRate: "0.00")
    let lines = try expectAllVerified(
      [(try signer.sign(charge), .transaction)], environment: .sandbox)
    guard Oracle.checkAvailable() else { return }
    let fields = try #require(lines.first?["fields"] as? [String: Any])
    let info = try #require(fields["advancedCommerceInfo"] as? [String: Any])
    #expect(info["requestReferenceId"] as? String == "0c9f0b52-3a57-4c6e-9d43-0f1e2a3b4c5d")
    #expect(info["taxExclusivePrice"] as? Int == 2_990)
    #expect(info["taxCode"] as? String == "C003-00-1")
    let items = try #require(info["items"] as? [[String: Any]])
    #expect(items.first?["SKU"] as? String == "BOOK-1984")
    #expect(items.first?["price"] as? Int == 2_990)
  }

  @Test("transactions signed with nonces computed ahead verify with no warning")
  func reservedNonces() throws {
    // A CA of its own, so no other suite draws on this key's reserve meanwhile.
    let fresh = try TestCertificateAuthority.generate()
    let reserved = fresh.makeSigner()
    _ = try reserved.sign(Samples.transaction(.consumable, environment: .sandbox))
    NonceWorkers.waitUntilIdle()
    #expect(fresh.leafKey.nonces?.readyCount == ECDSANonceReserve.depth)
    let tokens = try (0..<ECDSANonceReserve.depth).map { _ in
      try reserved.sign(Samples.transaction(.consumable, environment: .sandbox))
    }
    try expectAllVerified(
      tokens, kind: .transaction, environment: .sandbox, root: fresh.rootCertificate)
  }
}
