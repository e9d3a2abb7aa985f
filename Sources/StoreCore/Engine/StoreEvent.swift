import Foundation

/// Something that happened in the simulated App Store, kept in order for the event log and the
/// support timeline.
public struct StoreEvent: Sendable, Equatable {
  /// The position in the log, assigned by the ledger (0 before it is stored).
  public var sequence: Int64
  /// When it happened (simulated time).
  public var date: Date
  /// Whose account it concerns.
  public var customerID: String
  /// What happened.
  public var kind: Kind
  /// The transaction concerned, if any.
  public var transactionID: UInt64?
  /// The product concerned, if any.
  public var productID: String?
  /// A short detail, such as an error name or a refund reason.
  public var detail: String

  /// Creates an event.
  public init(
    sequence: Int64 = 0, date: Date, customerID: String, kind: Kind, transactionID: UInt64? = nil,
    productID: String? = nil, detail: String = ""
  ) {
    self.sequence = sequence
    self.date = date
    self.customerID = customerID
    self.kind = kind
    self.transactionID = transactionID
    self.productID = productID
    self.detail = detail
  }

  /// The kinds of event, stored by raw value.
  public enum Kind: String, Sendable, CaseIterable {
    /// A customer account was created.
    case customerCreated
    /// A purchase was charged.
    case purchased
    /// A purchase is waiting for approval.
    case askToBuyRequested
    /// A purchase was interrupted.
    case interrupted
    /// A parent approved an Ask to Buy request.
    case approved
    /// A parent declined an Ask to Buy request.
    case declined
    /// An interrupted purchase was resolved.
    case resolved
    /// The customer cancelled the payment sheet.
    case cancelled
    /// A purchase failed with an error.
    case failed
    /// The App Store refunded a transaction.
    case refunded
    /// The App Store revoked a transaction.
    case revoked
    /// The app finished a transaction.
    case finished
    /// QA deleted a transaction.
    case deleted
    /// QA cleared every transaction.
    case cleared
    /// A subscription renewed.
    case renewed
    /// A renewal failed to bill; billing retry (and grace) began.
    case billingFailed
    /// The grace period ended without payment.
    case gracePeriodEnded
    /// A billing issue was resolved and the subscription recovered.
    case billingRecovered
    /// A subscription expired (the detail names the reason).
    case expired
    /// Auto-renew was turned off.
    case autoRenewDisabled
    /// Auto-renew was turned on.
    case autoRenewEnabled
    /// The customer moved to a higher level at once.
    case upgraded
    /// The customer chose a lower level from the next renewal.
    case downgraded
    /// The customer moved to another plan of the same level.
    case crossgraded
    /// The developer raised the renewal price; consent is pending.
    case priceIncreaseRequested
    /// The customer agreed to the higher price.
    case priceIncreaseConsented
    /// The customer declined the higher price; auto-renew is off.
    case priceIncreaseDeclined
    /// A subscriber redeemed an offer code, or a promotional offer for their own plan, that
    /// applies from the next renewal (the detail is the offer's tag, `promotional:ID`).
    case offerCodeRedeemed
    /// The customer asked for a refund (the App Store decides later); the detail is Apple's
    /// `consumptionRequestReason`.
    case refundRequested
    /// The App Store declined the customer's refund request.
    case refundDeclined
    /// The App Store reversed a refund it had granted (the customer's dispute was resolved).
    case refundReversed
    /// The customer joined a Family Sharing group (the detail names it).
    case familyJoined
    /// The customer left their Family Sharing group (the detail names it).
    case familyLeft
    /// A family member's purchase or renewal reached this customer as a `FAMILY_SHARED`
    /// transaction (the detail names the purchaser and their transaction).
    case familyShared
    /// A `FAMILY_SHARED` transaction was revoked (Apple's `REVOKE` notification).
    case familyRevoked
    /// The developer extended the subscription's renewal date through the App Store Server API
    /// (the detail names the days and the request identifier).
    case renewalExtended
    /// A mass renewal-date extension could not extend this subscription (the detail names the
    /// request identifier and why).
    case renewalExtensionFailed
    /// QA sent the running app a purchase intent, as a customer choosing a promoted product on
    /// the App Store does (Xcode's "Send Purchase Intent"; the detail is the intent's identifier).
    case purchaseIntentSent
    /// A subscriber chose another billing plan for the same product, from the next renewal or
    /// the commitment's end (the detail is the plan: `MONTHLY`, `BILLED_UPFRONT`).
    case billingPlanChanged
    /// The purchaser of a multiseat subscription gave a seat to another customer (the event is
    /// the purchaser's; the detail names the member).
    case seatAssigned
    /// The purchaser of a multiseat subscription took a seat back (the detail names the member).
    case seatRemoved
    /// A multiseat purchaser's purchase or renewal reached this customer as an `ASSIGNED`
    /// transaction (the detail names the purchaser and their transaction).
    case assignedShared
    /// An `ASSIGNED` transaction was revoked (`ASSIGNMENT_REVOKE`; Apple's `REVOKE`
    /// notification, as for Family Sharing).
    case assignmentRevoked
  }
}
