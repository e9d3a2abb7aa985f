/// Why a subscription expired.
///
/// Raw values are Apple's JSON values exactly; see
/// [expirationintent](https://developer.apple.com/documentation/appstoreserverapi/expirationintent).
public enum ExpirationIntent: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// The customer cancelled.
  case customerCancelled = 1
  /// A billing error.
  case billingError = 2
  /// The customer did not agree to a price increase.
  case customerDidNotConsentToPriceIncrease = 3
  /// The product was not available at renewal.
  case productNotAvailable = 4
  /// Another reason.
  case other = 5
  /// The subscription left its bundle: the customer moved to a bundle without it (iOS 27's
  /// `ExpirationReason.unbundled`); Apple documents no server value, so the next free one.
  case unbundled = 6
}
