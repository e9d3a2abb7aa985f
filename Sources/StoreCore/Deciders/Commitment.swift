import Foundation

/// The rules of a monthly billing plan's 12-month commitment, one question each: the
/// lifecycle, the purchase and the signed payloads ask here and nowhere else.
public enum CommitmentRules {
  /// A new commitment whose first monthly charge is at `start`.
  public static func start(at start: Date, plan: CatalogProduct.CommitmentPlan)
    -> SubscriptionState.Commitment
  {
    SubscriptionState.Commitment(
      startDate: start,
      expiresDate: CatalogProduct.CommitmentPlan.commitmentPeriod.date(after: start),
      billingPeriodNumber: 1, totalBillingPeriods: CatalogProduct.CommitmentPlan.billingPeriods,
      price: TransactionFactory.milliunits(plan.commitmentPrice))
  }

  /// When monthly charge `number` of `commitment` ends: `number` months after the
  /// commitment's start (counted from the start, so 31 January's charges end on each month's
  /// last day instead of drifting to the 28th).
  public static func periodEnd(
    of commitment: SubscriptionState.Commitment, number: Int
  ) -> Date {
    CatalogProduct.CommitmentPlan.billingPeriod.date(after: commitment.startDate, count: number)
  }

  /// Whether the renewal due at the end of the current period is already committed to.
  ///
  /// Such a renewal bills whatever auto-renew says, and a plan change waits for the
  /// commitment's end: turning auto-renew off takes effect only when the commitment ends.
  public static func bindsNextRenewal(_ state: SubscriptionState) -> Bool {
    guard let commitment = state.commitment else { return false }
    return commitment.billingPeriodNumber < commitment.totalBillingPeriods
  }

  /// The commitment the renewal starting at `start` belongs to: the next monthly charge of the
  /// current one, a new commitment when the last one ended on the same product, or nil when
  /// the subscription moves to another product (billed up front from then on).
  public static func afterRenewal(
    _ state: SubscriptionState, start: Date
  ) -> SubscriptionState.Commitment? {
    guard var commitment = state.commitment else { return nil }
    if bindsNextRenewal(state) {
      commitment.billingPeriodNumber += 1
      return commitment
    }
    guard state.autoRenewProductID == state.productID else { return nil }
    return SubscriptionState.Commitment(
      startDate: start,
      expiresDate: CatalogProduct.CommitmentPlan.commitmentPeriod.date(after: start),
      billingPeriodNumber: 1, totalBillingPeriods: commitment.totalBillingPeriods,
      price: commitment.price)
  }

  /// The billing plan type a transaction or renewal info of `state` carries: `MONTHLY` in a
  /// commitment, `BILLED_UPFRONT` for a product that offers plans, nil for one that does not.
  public static func billingPlanType(
    hasBillingPlans: Bool, commitment: SubscriptionState.Commitment?
  ) -> BillingPlanType? {
    if commitment != nil { return .monthly }
    return hasBillingPlans ? .billedUpfront : nil
  }

  /// How the next renewal of `state` is billed: monthly inside a commitment or into a new one
  /// on the same product, up front after leaving it; nil for a product without plans.
  public static func renewalBillingPlanType(_ state: SubscriptionState) -> BillingPlanType? {
    if bindsNextRenewal(state) { return .monthly }
    if state.commitment != nil, state.autoRenewProductID == state.productID { return .monthly }
    return state.hasBillingPlans ? .billedUpfront : nil
  }

  /// The transaction's `commitmentInfo` for a charge of `commitment`.
  public static func transactionInfo(
    _ commitment: SubscriptionState.Commitment?
  ) -> TransactionCommitmentInfo? {
    commitment.map {
      TransactionCommitmentInfo(
        billingPeriodNumber: $0.billingPeriodNumber,
        commitmentExpiresDate: $0.expiresDate.epochMilliseconds, commitmentPrice: $0.price,
        totalBillingPeriods: $0.totalBillingPeriods)
    }
  }

  /// The renewal info's `commitmentInfo`: whether and how the commitment renews at its end.
  public static func renewalInfo(_ state: SubscriptionState) -> RenewalCommitmentInfo? {
    guard let commitment = state.commitment else { return nil }
    let samePlan = state.autoRenewProductID == state.productID
    return RenewalCommitmentInfo(
      commitmentAutoRenewProductId: state.autoRenewProductID,
      commitmentAutoRenewStatus: state.willAutoRenew ? .on : .off,
      commitmentRenewalBillingPlanType: samePlan ? .monthly : .billedUpfront,
      commitmentRenewalDate: commitment.expiresDate.epochMilliseconds,
      commitmentRenewalPrice: samePlan ? commitment.price : nil)
  }
}
