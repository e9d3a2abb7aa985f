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
    let sameProduct = state.autoRenewProductID == state.productID
    let next = sameProduct ? state.nextBillingPlan : nil
    func commitment(price: Int64, periods: Int) -> SubscriptionState.Commitment {
      SubscriptionState.Commitment(
        startDate: start,
        expiresDate: CatalogProduct.CommitmentPlan.commitmentPeriod.date(after: start),
        billingPeriodNumber: 1, totalBillingPeriods: periods, price: price)
    }
    guard var current = state.commitment else {
      // Billed up front: the monthly plan chosen for the same product starts a commitment.
      guard let next, next.type == .monthly else { return nil }
      return commitment(
        price: next.commitmentPrice ?? next.price
          * Int64(CatalogProduct.CommitmentPlan.billingPeriods),
        periods: CatalogProduct.CommitmentPlan.billingPeriods)
    }
    if bindsNextRenewal(state) {
      current.billingPeriodNumber += 1
      return current
    }
    guard sameProduct, next?.type != .billedUpfront else { return nil }
    return commitment(price: current.price, periods: current.totalBillingPeriods)
  }

  /// The billing plan `type` chosen for the subscription's own product, as `state` keeps it:
  /// nil when it is the plan the subscription is on (a change taken back) or one `product`
  /// does not offer.
  public static func nextBillingPlan(
    _ type: BillingPlanType, for state: SubscriptionState, product: CatalogProduct
  ) -> SubscriptionState.NextBillingPlan? {
    let current: BillingPlanType = state.commitment == nil ? .billedUpfront : .monthly
    guard type != current else { return nil }
    switch type {
    case .monthly:
      guard let plan = product.subscription?.commitmentPlan else { return nil }
      return SubscriptionState.NextBillingPlan(
        type: .monthly, price: TransactionFactory.milliunits(plan.monthlyPrice),
        commitmentPrice: TransactionFactory.milliunits(plan.commitmentPrice))
    case .billedUpfront:
      return SubscriptionState.NextBillingPlan(
        type: .billedUpfront, price: TransactionFactory.milliunits(product.price))
    }
  }

  /// What a renewal on the plan `state` is on charges: a month inside a commitment, else the
  /// whole period.
  public static func currentPlanPrice(_ state: SubscriptionState, product: CatalogProduct)
    -> Int64
  {
    let monthly = product.subscription?.commitmentPlan?.monthlyPrice
    return TransactionFactory.milliunits(
      state.commitment == nil ? product.price : monthly ?? product.price)
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
    if state.autoRenewProductID == state.productID, let next = state.nextBillingPlan {
      return next.type
    }
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
    // The customer may have chosen to be billed up front once the commitment completes.
    let upFront =
      samePlan ? state.nextBillingPlan.flatMap { $0.type == .billedUpfront ? $0 : nil } : nil
    return RenewalCommitmentInfo(
      commitmentAutoRenewProductId: state.autoRenewProductID,
      commitmentAutoRenewStatus: state.willAutoRenew ? .on : .off,
      commitmentRenewalBillingPlanType: samePlan && upFront == nil ? .monthly : .billedUpfront,
      commitmentRenewalDate: commitment.expiresDate.epochMilliseconds,
      commitmentRenewalPrice: samePlan ? upFront?.price ?? commitment.price : nil)
  }
}
