import StoreCore
import StoreKit

/// What a ``Store`` is set up with: the products to sell, the entitlement table, the identity
/// transactions must carry, and where deliveries are recorded.
public struct StoreConfiguration: Sendable {
  /// The product identifiers the app sells (`Product.products(for:)` asks for these).
  public var productIDs: [String]
  /// Which capabilities each product unlocks.
  public var entitlements: EntitlementTable
  /// The app's bundle ID: a transaction issued for another one never grants.
  public var bundleID: String
  /// The App Store environment the app runs against: a transaction from another never grants.
  public var environment: AppStore.Environment
  /// The app's record of what it delivered, with consumable balances.
  public var fulfillment: FulfillmentStore
  /// A test-only hook at each step of the purchase path; `nil` in normal use.
  public var faultHook: FaultHook?
  /// How many entries the listener feed keeps (the oldest go first).
  public var feedLimit: Int

  /// Creates a configuration.
  public init(
    productIDs: [String], entitlements: EntitlementTable = EntitlementTable(),
    bundleID: String = SignedDataConfiguration.defaultBundleId,
    environment: AppStore.Environment = AppStore.Environment(
      rawValue: SignedDataConfiguration.defaultEnvironment.rawValue),
    fulfillment: FulfillmentStore, faultHook: FaultHook? = nil, feedLimit: Int = 200
  ) {
    self.productIDs = productIDs
    self.entitlements = entitlements
    self.bundleID = bundleID
    self.environment = environment
    self.fulfillment = fulfillment
    self.faultHook = faultHook
    self.feedLimit = feedLimit
  }
}
