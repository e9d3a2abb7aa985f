import StoreKit
import StoreManager

/// What the app sees, as the screens read it: the store manager's state and the StoreKit answers
/// it does not keep (a read port: the command line implements it over the store manager and the
/// StoreKit runtime; a test can hand in any situation).
@MainActor
public protocol StoreKitView: AnyObject {
  /// The products for sale, in the App Store's order.
  var products: [Product] { get }
  /// Products the customer is entitled to now (`Transaction.currentEntitlements`).
  var entitledProductIDs: Set<String> { get }
  /// Each product's purchase state; a product not listed is idle.
  var purchaseStates: [String: PurchaseState] { get }
  /// Each subscription group's status, by group identifier.
  var subscriptionStatuses: [String: SubscriptionGroupStatus] { get }
  /// Consumable balances, by product identifier.
  var balances: [String: Int] { get }
  /// The storefront the app last heard of (`Storefront.current`, then its updates).
  var storefront: Storefront? { get }
  /// Transactions the store refused to deliver, as sentences.
  var warnings: [String] { get }
  /// Products the customer has through Family Sharing.
  var familySharedProductIDs: Set<String> { get }
  /// What the listener received, oldest first.
  var feed: [StoreFeedEntry] { get }
  /// The latest purchase intent the app received (`PurchaseIntent.intents`).
  var purchaseIntent: ReceivedPurchaseIntent? { get }
  /// `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)`.
  func isEligibleForIntroOffer(group: String) async -> Bool
  /// The verified renewal info of the status of `group` whose transaction is `transactionID`
  /// (`Product.SubscriptionInfo.status(for:)`), if there is one.
  func renewalInfo(group: String, transactionID: UInt64) async
    -> Product.SubscriptionInfo.RenewalInfo?
}
