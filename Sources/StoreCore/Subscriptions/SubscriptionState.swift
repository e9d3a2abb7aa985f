import Foundation

/// One auto-renewable subscription (a chain of transactions sharing an original transaction ID)
/// and everything its renewal depends on.
public struct SubscriptionState: Sendable, Equatable {
  /// The original transaction ID, which every renewal, upgrade and downgrade keeps.
  public var originalID: UInt64
  /// The subscriber.
  public var customerID: String
  /// The subscription group.
  public var groupID: String
  /// The product of the latest transaction.
  public var productID: String
  /// The product the next renewal bills (differs after a downgrade).
  public var autoRenewProductID: String
  /// Whether the subscription renews at `expiresDate`.
  public var willAutoRenew: Bool
  /// The end of the current paid period.
  public var expiresDate: Date
  /// When the chain began.
  public var originalPurchaseDate: Date
  /// The start of the current run of service (lapses under 60 days do not restart it).
  public var recentStartDate: Date
  /// The price the next renewal charges, in milliunits.
  public var renewalPrice: Int64
  /// The currency of `renewalPrice`.
  public var currency: String
  /// Why the subscription expired, once it has.
  public var expirationReason: ExpirationIntent?
  /// The reason to record when it expires without renewing (set when auto-renew is turned off).
  public var plannedExpirationReason: ExpirationIntent?
  /// The renewal that failed to bill, while a billing issue lasts.
  public var billingIssue: BillingIssue?
  /// A price increase waiting for or given consent.
  public var priceIncrease: PriceIncrease?
  /// The discounted periods still to come (a pay-as-you-go introductory offer).
  public var offer: PeriodOffer?
  /// Whether the latest transaction was refunded or revoked.
  public var isRevoked: Bool
  /// The account token of the original purchase (or the one the developer set since).
  public var appAccountToken: UUID?
  /// The renewal-date extensions the developer gave, oldest first (Apple allows two a year).
  public var renewalExtensions: [RenewalExtension] = []
  /// The 12-month commitment the monthly charges belong to; nil when billed up front.
  public var commitment: Commitment?
  /// Whether the product offers billing plans, so transactions and renewal info carry
  /// `billingPlanType` (`BILLED_UPFRONT` without a commitment).
  public var hasBillingPlans = false
  /// The billing plan the customer chose for the same product from the next point it can
  /// change: `MONTHLY` starts a commitment at the next renewal, `BILLED_UPFRONT` bills up front
  /// once the commitment ends; nil keeps the plan as it is.
  public var nextBillingPlan: NextBillingPlan?
  /// The seats of a multiseat subscription, which each renewal bills again; nil otherwise.
  public var multiSeatInfo: TransactionMultiSeatInfo?
  /// The customers the purchaser gave a seat of this multiseat subscription (Apple-hosted
  /// invitations), in the order they got it; each holds `ASSIGNED` transactions of the chain.
  public var seatMembers: [String] = []
  /// Members whose seat was taken back and whose `ASSIGNED` copies may still be live: the
  /// removal and the member's revocation are two ledger writes (two customers), so a crash
  /// between them is healed by the next look at the seats, which revokes what is left.
  public var seatMembersRemoved: [String] = []

  /// A billing plan chosen for later, with the prices it will charge.
  public struct NextBillingPlan: Sendable, Equatable {
    /// The plan.
    public var type: BillingPlanType
    /// What the first renewal on it charges, in milliunits (a month, or the whole period).
    public var price: Int64
    /// For `MONTHLY`, the commitment's whole price, in milliunits.
    public var commitmentPrice: Int64?

    /// Creates a chosen plan.
    public init(type: BillingPlanType, price: Int64, commitmentPrice: Int64? = nil) {
      self.type = type
      self.price = price
      self.commitmentPrice = commitmentPrice
    }
  }

  /// Creates a state.
  public init(
    originalID: UInt64, customerID: String, groupID: String, productID: String,
    autoRenewProductID: String, willAutoRenew: Bool = true, expiresDate: Date,
    originalPurchaseDate: Date, recentStartDate: Date, renewalPrice: Int64, currency: String,
    expirationReason: ExpirationIntent? = nil, plannedExpirationReason: ExpirationIntent? = nil,
    billingIssue: BillingIssue? = nil,
    priceIncrease: PriceIncrease? = nil, offer: PeriodOffer? = nil, isRevoked: Bool = false,
    appAccountToken: UUID? = nil
  ) {
    self.originalID = originalID
    self.customerID = customerID
    self.groupID = groupID
    self.productID = productID
    self.autoRenewProductID = autoRenewProductID
    self.willAutoRenew = willAutoRenew
    self.expiresDate = expiresDate
    self.originalPurchaseDate = originalPurchaseDate
    self.recentStartDate = recentStartDate
    self.renewalPrice = renewalPrice
    self.currency = currency
    self.expirationReason = expirationReason
    self.plannedExpirationReason = plannedExpirationReason
    self.billingIssue = billingIssue
    self.priceIncrease = priceIncrease
    self.offer = offer
    self.isRevoked = isRevoked
    self.appAccountToken = appAccountToken
  }

  /// A renewal that could not be billed.
  public struct BillingIssue: Sendable, Equatable {
    /// When the renewal failed (the end of the last paid period).
    public var since: Date
    /// The end of the grace period, when the session grants one.
    public var graceEnds: Date?
    /// When the App Store stops retrying (60 days after `since`).
    public var retryEnds: Date
    /// Whether the end of the grace period has been recorded.
    public var graceOver: Bool

    /// Creates a billing issue.
    public init(since: Date, graceEnds: Date?, retryEnds: Date, graceOver: Bool = false) {
      self.since = since
      self.graceEnds = graceEnds
      self.retryEnds = retryEnds
      self.graceOver = graceOver
    }
  }

  /// A monthly billing plan's current commitment: 12 monthly charges of `renewalPrice`.
  public struct Commitment: Sendable, Equatable {
    /// When the commitment began (its first charge); charge n's period ends n months later.
    public var startDate: Date
    /// When the commitment ends (its last charge's period ends).
    public var expiresDate: Date
    /// Which charge of the commitment the latest transaction is, from 1.
    public var billingPeriodNumber: Int
    /// How many charges the commitment has.
    public var totalBillingPeriods: Int
    /// The price of the whole commitment, in milliunits.
    public var price: Int64

    /// Creates a commitment.
    public init(
      startDate: Date, expiresDate: Date, billingPeriodNumber: Int, totalBillingPeriods: Int,
      price: Int64
    ) {
      self.startDate = startDate
      self.expiresDate = expiresDate
      self.billingPeriodNumber = billingPeriodNumber
      self.totalBillingPeriods = totalBillingPeriods
      self.price = price
    }
  }

  /// One renewal-date extension (Extend a Subscription Renewal Date, or the mass extension).
  public struct RenewalExtension: Sendable, Equatable {
    /// When it was given (simulated time).
    public var date: Date
    /// By how many days the expiration moved.
    public var days: Int
    /// The developer's `requestIdentifier`.
    public var requestIdentifier: String

    /// Creates an extension record.
    public init(date: Date, days: Int, requestIdentifier: String) {
      self.date = date
      self.days = days
      self.requestIdentifier = requestIdentifier
    }
  }

  /// A price increase of the renewal price.
  public struct PriceIncrease: Sendable, Equatable {
    /// The new price in milliunits.
    public var newPrice: Int64
    /// Whether the customer consented.
    public var agreed: Bool

    /// Creates a price increase.
    public init(newPrice: Int64, agreed: Bool) {
      self.newPrice = newPrice
      self.agreed = agreed
    }
  }

  /// A discount that applies to the coming renewals.
  public struct PeriodOffer: Sendable, Equatable {
    /// Introductory, promotional, code or win-back.
    public var type: OfferType
    /// The offer's identifier, if it has one.
    public var id: String?
    /// How it charges.
    public var discount: OfferDiscountType
    /// The whole offer's duration, as `offerPeriod` carries it.
    public var period: String
    /// The discounted price per period, in milliunits.
    public var price: Int64
    /// How many discounted renewals remain.
    public var remaining: Int

    /// Creates a period offer.
    public init(
      type: OfferType, id: String?, discount: OfferDiscountType, period: String, price: Int64,
      remaining: Int
    ) {
      self.type = type
      self.id = id
      self.discount = discount
      self.period = period
      self.price = price
      self.remaining = remaining
    }
  }

  /// StoreKit's `RenewalState` at `now`.
  public func renewalState(at now: Date) -> RenewalStanding {
    if isRevoked { return .revoked }
    if now < expiresDate { return .subscribed }
    if let issue = billingIssue, now < issue.retryEnds {
      if let grace = issue.graceEnds, now < grace { return .inGracePeriod }
      return .inBillingRetryPeriod
    }
    return .expired
  }

  /// The next date at which something happens without anyone acting: the end of the period
  /// (a renewal or an expiry), the end of a grace period or of billing retry; nil once expired.
  public var nextEventDate: Date? {
    if isRevoked || expirationReason != nil { return nil }
    if let issue = billingIssue {
      if let grace = issue.graceEnds, !issue.graceOver { return grace }
      return issue.retryEnds
    }
    return expiresDate
  }
}

/// Where an auto-renewable subscription stands: StoreKit's `Product.SubscriptionInfo.RenewalState`.
public enum RenewalStanding: String, Sendable, Hashable, CaseIterable {
  /// Paid and active.
  case subscribed
  /// Ended.
  case expired
  /// Renewal failed; the App Store keeps trying; no access.
  case inBillingRetryPeriod
  /// Renewal failed; access continues while the App Store keeps trying.
  case inGracePeriod
  /// Refunded or revoked.
  case revoked

  /// Whether the state grants access: subscribed or in the grace period.
  public var isEntitled: Bool { self == .subscribed || self == .inGracePeriod }
}
