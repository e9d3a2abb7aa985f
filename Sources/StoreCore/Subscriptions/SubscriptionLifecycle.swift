import Foundation

/// What happens to a subscription as time passes: renewals, billing failures, grace periods and
/// expiry, as pure functions of its state, the catalog and the session.
public enum SubscriptionLifecycle {
  /// One thing that happened on the way to `now`.
  public enum Step: Sendable, Equatable {
    /// A renewal was billed.
    case renewed(Renewal)
    /// The renewal at `date` failed to bill; the subscription entered billing retry (and grace).
    case billingFailed(date: Date, graceEnds: Date?)
    /// The grace period ended at `date` without payment.
    case graceEnded(date: Date)
    /// The subscription expired at `date` for `reason`.
    case expired(date: Date, reason: ExpirationIntent)
  }

  /// One billed period: `price` for `productID` over `start..<end`, with an offer if one applied.
  public struct Renewal: Sendable, Equatable {
    /// The product billed.
    public var productID: String
    /// The start of the period.
    public var start: Date
    /// The end of the period.
    public var end: Date
    /// The price charged, in milliunits.
    public var price: Int64
    /// The offer that applied to this period, if any.
    public var offer: SubscriptionState.PeriodOffer?
    /// The commitment this monthly charge belongs to, if billed monthly.
    public var commitment: SubscriptionState.Commitment?
  }

  /// The session switches that shape renewals.
  public struct Billing: Sendable, Equatable {
    /// Renewals fail into billing retry (`shouldEnterBillingRetryOnRenewal`).
    public var issuesEnabled: Bool
    /// A failed renewal keeps access through the grace period (`billingGracePeriodIsEnabled`).
    public var gracePeriodEnabled: Bool

    /// Creates billing settings.
    public init(issuesEnabled: Bool = false, gracePeriodEnabled: Bool = false) {
      self.issuesEnabled = issuesEnabled
      self.gracePeriodEnabled = gracePeriodEnabled
    }
  }

  /// How long the App Store retries a failed renewal.
  public static let billingRetryDays = 60.0

  /// The grace period for a subscription period: 6 days for weekly, 16 for everything longer.
  public static func gracePeriod(for period: CatalogProduct.SubscriptionPeriod) -> TimeInterval {
    let days: Double = period.unit == .week || (period.unit == .day && period.value < 30) ? 6 : 16
    return days * 86_400
  }

  /// Advances `state` to `now`, returning every step taken in order.
  ///
  /// - Parameters:
  ///   - periodOf: the renewal period of a product in the group.
  ///   - priceOf: the catalog price of a product in the group, in milliunits.
  public static func advance(
    _ state: inout SubscriptionState, to now: Date, billing: Billing,
    periodOf: (String) -> CatalogProduct.SubscriptionPeriod?,
    priceOf: (String) -> Int64? = { _ in nil }
  ) -> [Step] {
    var steps: [Step] = []
    while !state.isRevoked {
      if let issue = state.billingIssue {
        if let grace = issue.graceEnds, grace <= now, !issue.graceOver {
          state.billingIssue?.graceOver = true
          steps.append(.graceEnded(date: grace))
        }
        guard issue.retryEnds <= now else { break }
        state.billingIssue = nil
        state.willAutoRenew = false
        state.expirationReason = .billingError
        steps.append(.expired(date: issue.retryEnds, reason: .billingError))
        break
      }
      guard state.expiresDate <= now, state.expirationReason == nil else { break }
      let renewalDate = state.expiresDate
      // Inside a commitment the customer already agreed to the next monthly charge.
      let committed = CommitmentRules.bindsNextRenewal(state)
      let period = periodOf(state.autoRenewProductID)
      if let reason = endingReason(state, planSold: period != nil) {
        state.willAutoRenew = false
        state.expirationReason = reason
        steps.append(.expired(date: renewalDate, reason: reason))
        break
      }
      guard let period else { break }
      if billing.issuesEnabled {
        steps.append(failRenewal(&state, at: renewalDate, period: period, billing: billing))
        continue
      }
      // A downgrade or crossgrade chosen earlier takes effect now (at a commitment's end),
      // at the new plan's price.
      if !committed, state.autoRenewProductID != state.productID,
        let price = priceOf(state.autoRenewProductID), state.priceIncrease == nil
      {
        state.renewalPrice = price
      }
      steps.append(.renewed(renew(&state, start: renewalDate, period: period)))
    }
    return steps
  }

  /// The renewal due at `date` fails to bill: billing retry starts, with the grace period
  /// when it is enabled (access kept until it ends).
  public static func failRenewal(
    _ state: inout SubscriptionState, at date: Date, period: CatalogProduct.SubscriptionPeriod,
    billing: Billing
  ) -> Step {
    let grace =
      billing.gracePeriodEnabled ? date.addingTimeInterval(gracePeriod(for: period)) : nil
    state.billingIssue = SubscriptionState.BillingIssue(
      since: date, graceEnds: grace, retryEnds: date.addingTimeInterval(billingRetryDays * 86_400))
    return .billingFailed(date: date, graceEnds: grace)
  }

  /// Why the subscription in `state` ends when its period does, or nil when it renews then:
  /// auto-renew off (for the reason it was turned off) outside a commitment's monthly charges,
  /// a price increase the customer has not agreed to, or a plan no longer sold.
  public static func endingReason(_ state: SubscriptionState, planSold: Bool) -> ExpirationIntent? {
    if !state.willAutoRenew, !CommitmentRules.bindsNextRenewal(state) {
      return state.plannedExpirationReason ?? .customerCancelled
    }
    if let increase = state.priceIncrease, !increase.agreed {
      return .customerDidNotConsentToPriceIncrease
    }
    return planSold ? nil : .productNotAvailable
  }

  /// Bills one renewal of `state` starting at `start` and moves its period on.
  public static func renew(
    _ state: inout SubscriptionState, start: Date, period: CatalogProduct.SubscriptionPeriod
  ) -> Renewal {
    if let increase = state.priceIncrease, increase.agreed {
      state.renewalPrice = increase.newPrice
      state.priceIncrease = nil
    }
    // A billing plan chosen for the same product takes over here, at its price.
    let switching = !CommitmentRules.bindsNextRenewal(state)
    if switching, state.autoRenewProductID == state.productID, state.priceIncrease == nil,
      let next = state.nextBillingPlan
    {
      state.renewalPrice = next.price
    }
    var offer = state.offer
    var price = state.renewalPrice
    if let current = offer, current.remaining > 0 {
      price = current.price
      offer?.remaining -= 1
      state.offer = current.remaining > 1 ? offer : nil
    } else {
      offer = nil
      state.offer = nil
    }
    var end = period.date(after: start)
    let commitment = CommitmentRules.afterRenewal(state, start: start)
    // Inside a commitment the product stays; a plan change waits for the commitment's end.
    if !CommitmentRules.bindsNextRenewal(state) { state.productID = state.autoRenewProductID }
    if let commitment {
      end = CommitmentRules.periodEnd(of: commitment, number: commitment.billingPeriodNumber)
    }
    state.commitment = commitment
    if switching { state.nextBillingPlan = nil }
    state.expiresDate = end
    return Renewal(
      productID: state.productID, start: start, end: end, price: price, offer: offer,
      commitment: commitment)
  }
}
