/// One entry of Xcode's "Simulate StoreKit Failures" settings: an API and the error it fails with.
public struct SimulatedErrorSetting: Sendable, Equatable {
  /// The StoreKit API the failure applies to.
  public var api: API
  /// Whether the failure is switched on.
  public var enabled: Bool
  /// The chosen error; Xcode remembers it even while `enabled` is false.
  public var error: SimulatedError?

  /// Creates a setting.
  public init(api: API, enabled: Bool, error: SimulatedError?) {
    self.api = api
    self.enabled = enabled
    self.error = error
  }

  /// StoreKitTest's `FailableStoreKitAPI`, with Xcode's display name as the raw value.
  public enum API: String, Sendable, CaseIterable {
    /// `Product.products(for:)`.
    case loadProducts = "Load Products"
    /// `Product.purchase(options:)`.
    case purchase = "Purchase"
    /// Verification of signed transactions.
    case verification = "Verification"
    /// `AppStore.sync()`.
    case appStoreSync = "App Store Sync"
    /// `Product.SubscriptionInfo.status`.
    case subscriptionStatus = "Subscription Status"
    /// `AppTransaction.shared`.
    case appTransaction = "App Transaction"
    /// The manage-subscriptions sheet.
    case manageSubscriptions = "Manage Subscriptions Sheet"
    /// The refund request sheet.
    case refundRequest = "Refund Request Sheet"
    /// The offer code redemption sheet.
    case offerCodeRedeem = "Offer Code Redeem Sheet"
  }
}

/// An error StoreKit can be made to throw, as a family (`current.type`) and a StoreKit case name.
public struct SimulatedError: Sendable, Equatable, CustomStringConvertible {
  /// The error family: `generic`, `purchase`, `verification` or `refund request`.
  public var family: String
  /// The position Xcode stored (`current.index`).
  public var index: Int
  /// The StoreKit case at that position, such as `networkError`; nil when the index is out of range.
  public var caseName: String?

  /// Resolves Xcode's `{type, index}` pair to a StoreKit case.
  ///
  /// Xcode does not document its lists; the order used here is the order of the cases in
  /// StoreKit's own declarations (see Docs/DECISIONS.md).
  public init(family: String, index: Int) {
    self.family = family
    self.index = index
    let cases = SimulatedError.casesByFamily[family] ?? []
    self.caseName = cases.indices.contains(index) ? cases[index] : nil
  }

  /// The StoreKit error cases of each family, in declaration order.
  public static let casesByFamily: [String: [String]] = [
    "generic": [
      "unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront",
      "notEntitled", "unsupported",
    ],
    "purchase": [
      "invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
      "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature",
      "missingOfferParameters",
    ],
    "verification": [
      "invalidCertificateChain", "invalidDeviceVerification", "invalidEncoding",
      "invalidSignature", "missingRequiredProperties", "revokedCertificate",
    ],
    "refund request": ["duplicateRequest", "failed"],
  ]

  /// `family.caseName`, or `family #index` when the index is unknown.
  public var description: String {
    caseName.map { "\(family).\($0)" } ?? "\(family) #\(index)"
  }
}
