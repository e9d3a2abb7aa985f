/// Whether the customer has answered a price increase.
///
/// Raw values are Apple's JSON values exactly; see
/// [priceincreasestatus](https://developer.apple.com/documentation/appstoreserverapi/priceincreasestatus).
public enum PriceIncreaseStatus: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// The customer has not responded yet.
  case customerHasNotResponded = 0
  /// The customer agreed, or was told and no consent was needed.
  case customerConsentedOrWasNotifiedWithoutNeedingConsent = 1
}
