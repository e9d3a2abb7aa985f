/// How an offer charges the customer.
///
/// Raw values are Apple's JSON values exactly; see
/// [offerdiscounttype](https://developer.apple.com/documentation/appstoreserverapi/offerdiscounttype).
public enum OfferDiscountType: String, Sendable, Equatable, Hashable, CaseIterable {
  /// Free for the offer's period.
  case freeTrial = "FREE_TRIAL"
  /// A reduced price each period.
  case payAsYouGo = "PAY_AS_YOU_GO"
  /// One reduced payment for the whole offer.
  case payUpFront = "PAY_UP_FRONT"
  /// A one-time payment.
  case oneTime = "ONE_TIME"
}
