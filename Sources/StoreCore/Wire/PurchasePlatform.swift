/// The platform of the original app purchase.
///
/// Raw values are Apple's JSON values exactly; see
/// [purchaseplatform](https://developer.apple.com/documentation/appstoreserverapi/purchaseplatform).
public enum PurchasePlatform: String, Sendable, Equatable, Hashable, CaseIterable {
  /// iOS, iPadOS or visionOS.
  case iOS = "iOS"
  /// macOS.
  case macOS = "macOS"
  /// tvOS.
  case tvOS = "tvOS"
  /// visionOS.
  case visionOS = "visionOS"
}
