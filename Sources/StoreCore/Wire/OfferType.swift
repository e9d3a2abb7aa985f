/// The kind of subscription offer that applies.
///
/// Raw values are Apple's JSON values exactly; see
/// [offertype](https://developer.apple.com/documentation/appstoreserverapi/offertype).
public enum OfferType: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// An introductory offer.
  case introductoryOffer = 1
  /// A promotional offer.
  case promotionalOffer = 2
  /// An offer redeemed with a code.
  case offerCode = 3
  /// A win-back offer.
  case winBackOffer = 4
}
