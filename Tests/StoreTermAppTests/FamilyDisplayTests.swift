import Foundation
import StoreCore
import StoreManager
import TerminalUI
import Testing

@testable import StoreTermApp

/// What Family Sharing changes in the paywall's badges and buy key, the account's lines and
/// the transaction manager's states and filter.
@Suite struct FamilyDisplayTests {
  private func badges(_ id: String, _ snapshot: StoreSnapshot) -> [Badge] {
    Badge.badges(for: snapshot.product(id)!, in: snapshot)
  }

  /// The family store with Plus Monthly reaching the customer only through bob.
  private func sharedPlan(_ state: SubscriptionGroupStatus.State = .subscribed) -> StoreSnapshot {
    var snapshot = Fixtures.family()
    let group = snapshot.statuses.keys.first!
    snapshot.statuses[group]!.state = state
    snapshot.family.sharedProducts[Fixtures.plusMonthly] = "bob"
    return snapshot
  }

  @Test func familySharingReplacesOwnedAndActive() {
    #expect(badges(Fixtures.lifetime, Fixtures.family()) == [.familySharing])
    #expect(badges(Fixtures.plusMonthly, sharedPlan()) == [.familySharing])
    #expect(
      badges(Fixtures.plusMonthly, sharedPlan(.inGracePeriod)) == [.gracePeriod, .familySharing])
    #expect(badges(Fixtures.plusMonthly, Fixtures.family()) == [.active])
    #expect(Badge.familySharing.text == "Family Sharing")
    #expect(!Badge.familySharing.isWarning)
  }

  @Test func aSharedNonConsumableCannotBeBoughtButASharedPlanCan() {
    var state = Fixtures.state(sharedPlan())
    func select(_ id: String) {
      state.paywall.selectedID = id
    }
    select(Fixtures.lifetime)
    #expect(
      StoreTermApp.action(for: .key(.enter), in: state)
        == .refused("already owned through Family Sharing (shared by bob)"))
    select(Fixtures.plusMonthly)
    #expect(StoreTermApp.action(for: .key(.enter), in: state) == .paywall(.buy))
  }

  @Test func theAccountNamesTheFamilyAndWhoShares() {
    let snapshot = sharedPlan()
    #expect(
      AccountScreen.familyLine(snapshot).0
        == "Family Sharing: smiths (3 of 6) · bob, default (you), family-kid")
    #expect(AccountScreen.familyLine(Fixtures.demo()).0 == "Family Sharing: not in a family")
    #expect(
      AccountScreen.statusLines(snapshot).first?.0
        == "StoreTerm Plus: Plus Monthly (Family Sharing, shared by bob) · Active · "
        + "renews 2026-12-07 · auto-renew on")
    let history = AccountScreen.history(snapshot)
    #expect(
      history.map { AccountScreen.historyState($0, snapshot: snapshot) } == [
        "family revoked", "shared by bob", "refunded", "purchased",
      ])
  }

  @Test func transactionStatesAndTheFilterKnowCopies() {
    let unfinished = Fixtures.record(
      10, Fixtures.lifetime, type: .nonConsumable, finished: false, sharedFrom: 6)
    #expect(TransactionStanding.text(unfinished, in: StoreSnapshot()) == "unfinished, shared")
    var state = Fixtures.state(Fixtures.family(), screen: .transactions)
    for (filter, ids) in [
      ("FAMILY_REVOKE", [9]), ("family_shared", [9, 7]), ("purchased", [6, 2, 1]),
      ("family revoked", [9]),
    ] as [(String, [UInt64])] {
      state.transactions.filter = filter
      #expect(TransactionsScreen.filtered(state).map(\.id) == ids, "\(filter)")
    }
  }

  @Test func theInspectorShowsTheRefundsPercentageAndTheAppTransactionID() {
    var record = Fixtures.record(4, Fixtures.themes, type: .nonConsumable, revoked: true)
    record.signed?.payload.revocationType = .refundFull
    record.signed?.payload.revocationPercentage = 100_000
    record.signed?.payload.appTransactionId = "704289572311757823"
    let lines = TransactionsScreen.inspectorLines(record, snapshot: Fixtures.demo()).map(\.0)
    #expect(lines.contains("inAppOwnershipType PURCHASED · appTransactionId 704289572311757823"))
    #expect(
      lines.contains {
        $0.hasSuffix("revocationType REFUND_FULL · revocationPercentage 100000")
      })
  }

  @Test func theInspectorShowsBundleLinksAndSeats() {
    var record = Fixtures.record(5, Fixtures.plusYearly)
    record.signed?.payload.currency = "USD"
    record.signed?.payload.bundleProductId = "duo"
    record.signed?.payload.bundleSubscriptionGroupIdentifier = "B"
    record.signed?.payload.bundleOriginalTransactionId = "3"
    record.signed?.payload.bundleTransactionId = "4"
    record.signed?.payload.previousOriginalTransactionId = "2"
    record.signed?.payload.multiSeatInfo = TransactionMultiSeatInfo(
      invitationManagement: "DEVELOPER",
      priceTiers: [
        .init(tierPrice: 9_990, tierQuantity: 5), .init(tierPrice: 7_990, tierQuantity: 3),
      ])
    let lines = TransactionsScreen.inspectorLines(record, snapshot: Fixtures.demo()).map(\.0)
    #expect(
      lines.contains(
        "bundleProductId duo · bundleSubscriptionGroupIdentifier B · bundleOriginalTransactionId 3"
          + " · bundleTransactionId 4"), "\(lines)")
    #expect(lines.contains("previousOriginalTransactionId 2"))
    #expect(lines.contains("multiSeatInfo DEVELOPER · 5 × 9990 + 3 × 7990 (73.92 USD)"))
    let plain = TransactionsScreen.inspectorLines(
      Fixtures.record(6, Fixtures.plusYearly), snapshot: Fixtures.demo()
    ).map(\.0)
    #expect(!plain.contains { $0.hasPrefix("bundleProductId") || $0.hasPrefix("multiSeatInfo") })
  }

  @Test func theInspectorShowsAnAdvancedCommerceChargesItems() {
    var record = Fixtures.record(7, Fixtures.plusYearly)
    record.signed?.payload.currency = "USD"
    record.signed?.payload.advancedCommerceInfo = AdvancedCommerceTransactionInfo(
      estimatedTax: 0,
      items: [
        .init(
          sku: "BOOK-1984", description: "A novel", displayName: "Nineteen Eighty-Four",
          price: 2_990)
      ],
      requestReferenceId: "0c9f0b52-3a57-4c6e-9d43-0f1e2a3b4c5d", taxCode: "C003-00-1",
      taxExclusivePrice: 2_990, taxRate: "0.00")
    let lines = TransactionsScreen.inspectorLines(record, snapshot: Fixtures.demo()).map(\.0)
    #expect(
      lines.contains(
        "advancedCommerceInfo requestReferenceId 0c9f0b52-3a57-4c6e-9d43-0f1e2a3b4c5d"
          + " · taxCode C003-00-1 · taxExclusivePrice 2990 · estimatedTax 0 · taxRate 0.00"),
      "\(lines)")
    #expect(lines.contains("item BOOK-1984 \"Nineteen Eighty-Four\" price 2990 (2.99 USD)"))
  }

  @Test func theInspectorShowsAMonthlyChargeOfItsCommitment() {
    var record = Fixtures.record(5, Fixtures.plusYearly)
    record.signed?.payload.currency = "USD"
    record.signed?.payload.billingPlanType = .monthly
    record.signed?.payload.commitmentInfo = TransactionCommitmentInfo(
      billingPeriodNumber: 3, commitmentExpiresDate: 1_798_761_600_000, commitmentPrice: 71_880,
      totalBillingPeriods: 12)
    let lines = TransactionsScreen.inspectorLines(record, snapshot: Fixtures.demo()).map(\.0)
    #expect(
      lines.contains {
        $0.hasPrefix("billingPlanType MONTHLY · billingPeriodNumber 3/12 · commitmentExpiresDate ")
          && $0.hasSuffix(" · commitmentPrice 71880 (71.88 USD)")
      }, "\(lines)")
    // An up-front transaction of a product without plans shows no such line.
    let plain = TransactionsScreen.inspectorLines(
      Fixtures.record(6, Fixtures.plusYearly), snapshot: Fixtures.demo()
    ).map(\.0)
    #expect(!plain.contains { $0.hasPrefix("billingPlanType") })
  }

  @Test func theInspectorShowsARefundRequestItsDecisionAndTheConsumptionInformation() {
    var snapshot = Fixtures.family()
    let own = snapshot.records.first { $0.id == 6 }!
    let request = RefundCase(
      transactionID: 6, customerID: own.customerID, productID: own.productID,
      requestedDate: Date(timeIntervalSince1970: 1_796_000_000),
      reason: .unintendedPurchase, outcome: .waiting, decidedDate: nil)
    let summary = RefundCase.consumptionSummary(
      version: 2,
      bodyJSON: #"{"customerConsented":true,"deliveryStatus":"DELIVERED","#
        + #""consumptionPercentage":25000,"refundPreference":"GRANT_PRORATED"}"#)
    snapshot.transactionPage = TransactionPage(rows: snapshot.records)
    snapshot.transactionPage?.refunds[6] = RefundNote(refund: request, consumption: summary)
    let lines = TransactionsScreen.inspectorLines(own, snapshot: snapshot).map(\.0)
    #expect(lines.contains("Refund request UNINTENDED_PURCHASE: waiting for a decision"))
    #expect(
      lines.contains(
        "Consumption information: v2 · deliveryStatus DELIVERED · consumptionPercentage 25% · "
          + "refundPreference GRANT_PRORATED"))
    snapshot.transactionPage?.refunds[6] = RefundNote(
      refund: RefundCase(
        transactionID: 6, customerID: own.customerID, productID: own.productID,
        requestedDate: request.requestedDate, reason: .other, outcome: .declined,
        decidedDate: request.requestedDate), consumption: nil)
    let declined = TransactionsScreen.inspectorLines(own, snapshot: snapshot).map(\.0)
    #expect(declined.contains("Refund request OTHER: declined"))
    #expect(declined.contains("Consumption information: none received"))
  }

  @Test func theInspectorShowsOwnershipAndRevocationType() {
    let snapshot = Fixtures.family()
    let copy = snapshot.records.first { $0.id == 9 }!
    #expect(
      TransactionsScreen.inspectorLines(copy, snapshot: snapshot).map(\.0).suffix(3) == [
        "inAppOwnershipType FAMILY_SHARED · shared from transaction 8",
        "revocationDate 2026-11-30 12:00 · revocationReason 0 · revocationType FAMILY_REVOKE",
        "Verification: verified · JWS alg ES256 · x5c 3",
      ])
    let own = snapshot.records.first { $0.id == 6 }!
    #expect(
      TransactionsScreen.inspectorLines(own, snapshot: snapshot).map(\.0).contains(
        "inAppOwnershipType PURCHASED"))
  }

  @Test func anAssignedSeatsCopyReadsAssignedAndItsRevocationAssignmentRevoked() {
    var snapshot = Fixtures.family()
    let index = snapshot.records.firstIndex { $0.id == 9 }!
    var copy = snapshot.records[index]
    var payload = copy.signed!.payload
    payload.inAppOwnershipType = .assigned
    payload.revocationType = .assignmentRevoke
    copy.signed = SignedTransaction(jws: copy.signed!.jws, payload: payload)
    snapshot.records[index] = copy
    let lines = TransactionsScreen.inspectorLines(copy, snapshot: snapshot).map(\.0)
    #expect(lines.contains("inAppOwnershipType ASSIGNED · assigned from transaction 8"))
    #expect(
      lines.contains(
        "revocationDate 2026-11-30 12:00 · revocationReason 0 · revocationType ASSIGNMENT_REVOKE"))
    #expect(TransactionStanding.text(copy, in: snapshot) == "assignment revoked")
    #expect(!TransactionStanding.isFamilyShared(copy))
    #expect(TransactionsScreen.matches(copy, filter: "assignment_revoke", in: snapshot))
    #expect(
      Standing.purchased.label(isFamilyShared: false, isFinished: true, isAssigned: true)
        == "assigned")
    #expect(
      Standing.inGracePeriod(until: Date(timeIntervalSince1970: 0))
        .label(isFamilyShared: false, isFinished: false, isAssigned: true)
        == "in grace period, assigned, unfinished")
  }
}
