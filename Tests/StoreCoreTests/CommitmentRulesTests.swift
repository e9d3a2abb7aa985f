import Foundation
import StoreCore
import Testing

/// The commitment decider: which renewals are committed, how a charge moves the commitment on,
/// and what the signed payloads say.
@Suite struct CommitmentRulesTests {
  static let start = Date(timeIntervalSince1970: 1_769_817_600)  // 2026-01-31 00:00 UTC
  static let plan = CatalogProduct.CommitmentPlan(
    monthlyPrice: Decimal(string: "5.99")!, monthlyDisplayPrice: "$5.99",
    commitmentPrice: Decimal(string: "71.88")!, commitmentDisplayPrice: "$71.88")

  static func state(_ commitment: SubscriptionState.Commitment?) -> SubscriptionState {
    var state = SubscriptionState(
      originalID: 1, customerID: "c", groupID: "g", productID: "p", autoRenewProductID: "p",
      expiresDate: start, originalPurchaseDate: start, recentStartDate: start,
      renewalPrice: 5_990, currency: "USD")
    state.commitment = commitment
    state.hasBillingPlans = true
    return state
  }

  @Test func chargesEndMonthsAfterTheStartWithoutDrifting() {
    let commitment = CommitmentRules.start(at: Self.start, plan: Self.plan)
    #expect(commitment.billingPeriodNumber == 1)
    #expect(commitment.totalBillingPeriods == 12)
    #expect(commitment.price == 71_880)
    // 31 January: the 28 February charge is followed by one ending 31 March, not 28 March.
    let second = CommitmentRules.periodEnd(of: commitment, number: 2)
    let third = CommitmentRules.periodEnd(of: commitment, number: 3)
    #expect(second == Date(timeIntervalSince1970: 1_774_915_200))  // 2026-03-31
    #expect(third == Date(timeIntervalSince1970: 1_777_507_200))  // 2026-04-30
    #expect(CommitmentRules.periodEnd(of: commitment, number: 12) == commitment.expiresDate)
  }

  @Test func renewalsInsideACommitmentAreCommittedWhateverAutoRenewSays() {
    var commitment = CommitmentRules.start(at: Self.start, plan: Self.plan)
    var state = Self.state(commitment)
    state.willAutoRenew = false
    #expect(CommitmentRules.bindsNextRenewal(state))
    #expect(CommitmentRules.afterRenewal(state, start: Self.start)?.billingPeriodNumber == 2)
    commitment.billingPeriodNumber = 12
    state.commitment = commitment
    #expect(!CommitmentRules.bindsNextRenewal(state))
    #expect(CommitmentRules.renewalInfo(state)?.commitmentAutoRenewStatus == .off)
    // At its end, the same plan starts a new commitment; another plan leaves it.
    state.willAutoRenew = true
    let next = CommitmentRules.afterRenewal(state, start: commitment.expiresDate)
    #expect(next?.billingPeriodNumber == 1)
    #expect(next?.startDate == commitment.expiresDate)
    state.autoRenewProductID = "other"
    #expect(CommitmentRules.afterRenewal(state, start: commitment.expiresDate) == nil)
    #expect(CommitmentRules.renewalBillingPlanType(state) == .billedUpfront)
  }

  @Test func payloadFieldsFollowTheCommitment() {
    let commitment = CommitmentRules.start(at: Self.start, plan: Self.plan)
    #expect(
      CommitmentRules.billingPlanType(hasBillingPlans: true, commitment: commitment) == .monthly)
    #expect(
      CommitmentRules.billingPlanType(hasBillingPlans: true, commitment: nil) == .billedUpfront)
    #expect(CommitmentRules.billingPlanType(hasBillingPlans: false, commitment: nil) == nil)
    let info = CommitmentRules.transactionInfo(commitment)
    #expect(
      info
        == TransactionCommitmentInfo(
          billingPeriodNumber: 1, commitmentExpiresDate: commitment.expiresDate.epochMilliseconds,
          commitmentPrice: 71_880, totalBillingPeriods: 12))
    let bytes = String(decoding: info!.jsonBytes(), as: UTF8.self)
    #expect(
      bytes
        == "{\"billingPeriodNumber\":1,\"commitmentExpiresDate\":\(commitment.expiresDate.epochMilliseconds),"
        + "\"commitmentPrice\":71880,\"totalBillingPeriods\":12}")
  }
}
