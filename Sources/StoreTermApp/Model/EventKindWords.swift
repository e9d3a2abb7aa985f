/// The event log's kinds in words: each kind the App Store's log (`StoreEvent.Kind`) and the
/// app's feed write, as the key its language's table translates.
///
/// A kind not listed (from a newer ledger) is shown as it is, an identifier.
enum EventKindWords {
  /// The English key for each kind's raw value.
  static let phrases: [String: String] = [
    "customerCreated": "account created", "purchased": "purchased",
    "askToBuyRequested": "Ask to Buy requested", "interrupted": "interrupted",
    "approved": "approved", "declined": "declined", "resolved": "resolved",
    "cancelled": "cancelled", "failed": "failed", "refunded": "refunded", "revoked": "revoked",
    "finished": "finished", "deleted": "deleted", "cleared": "cleared", "renewed": "renewed",
    "billingFailed": "billing failed", "gracePeriodEnded": "grace period ended",
    "billingRecovered": "billing recovered", "expired": "expired",
    "autoRenewDisabled": "auto-renew off", "autoRenewEnabled": "auto-renew on",
    "upgraded": "upgraded", "downgraded": "downgraded", "crossgraded": "crossgraded",
    "priceIncreaseRequested": "price increase requested",
    "priceIncreaseConsented": "price increase agreed",
    "priceIncreaseDeclined": "price increase declined",
    "offerCodeRedeemed": "offer code redeemed", "refundRequested": "refund requested",
    "refundDeclined": "refund declined", "refundReversed": "refund reversed",
    "familyJoined": "joined family", "familyLeft": "left family",
    "familyShared": "shared by family", "familyRevoked": "family sharing ended",
    "renewalExtended": "renewal extended", "renewalExtensionFailed": "extension failed",
    "purchaseIntentSent": "purchase intent sent", "billingPlanChanged": "billing plan changed",
    "seatAssigned": "seat assigned", "seatRemoved": "seat removed",
    "assignedShared": "assigned a seat", "assignmentRevoked": "seat assignment ended",
    // The app's feed.
    "purchase": "purchase", "update": "update", "unfinished": "unfinished",
    "history": "history", "status": "status", "storefront": "storefront",
  ]

  /// `kind` in the snapshot's language.
  static func text(_ kind: String, _ snapshot: StoreSnapshot) -> String {
    phrases[kind].map { snapshot.localized($0) } ?? kind
  }
}
