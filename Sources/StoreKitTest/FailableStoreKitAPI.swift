import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit

/// A failure a test can make a StoreKit API throw: StoreKitTest's `SKTestFailure`.
public protocol SKTestFailure: Equatable, Sendable {}

/// A StoreKit API a test session can make fail: StoreKitTest's `FailableStoreKitAPI`.
public protocol FailableStoreKitAPI<Failure>: Sendable {
  /// The failures the API can be made to throw.
  associatedtype Failure: SKTestFailure
}

/// `AppStore.sync()`.
public struct StoreKitAppStoreSyncAPI: FailableStoreKitAPI {
  /// The failures `AppStore.sync()` can be made to throw.
  public typealias Failure = SKTestFailures.AppStoreSync
  /// Creates the API value.
  public init() {}
}

/// `AppTransaction.shared` and `AppTransaction.refresh()`.
public struct StoreKitAppTransactionAPI: FailableStoreKitAPI {
  /// The failures the app transaction can be made to throw.
  public typealias Failure = SKTestFailures.AppTransaction
  /// Creates the API value.
  public init() {}
}

/// `Product.products(for:)`.
public struct StoreKitLoadProductsAPI: FailableStoreKitAPI {
  /// The failures loading products can be made to throw.
  public typealias Failure = SKTestFailures.LoadProducts
  /// Creates the API value.
  public init() {}
}

/// The manage-subscriptions sheet.
public struct StoreKitManageSubscriptionsAPI: FailableStoreKitAPI {
  /// The failures the sheet can be made to throw.
  public typealias Failure = SKTestFailures.ManageSubscriptions
  /// Creates the API value.
  public init() {}
}

/// The offer code redemption sheet.
public struct StoreKitOfferCodeRedeemAPI: FailableStoreKitAPI {
  /// The failures the sheet can be made to throw.
  public typealias Failure = SKTestFailures.OfferCodeRedeem
  /// Creates the API value.
  public init() {}
}

/// `Product.purchase(options:)`.
public struct StoreKitPurchaseAPI: FailableStoreKitAPI {
  /// The failures a purchase can be made to throw.
  public typealias Failure = SKTestFailures.Purchase
  /// Creates the API value.
  public init() {}
}

/// The refund request sheet.
public struct StoreKitRefundRequestAPI: FailableStoreKitAPI {
  /// The failures a refund request can be made to throw.
  public typealias Failure = SKTestFailures.RefundRequest
  /// Creates the API value.
  public init() {}
}

/// `Product.SubscriptionInfo.status` and its relatives.
public struct StoreKitSubscriptionStatusAPI: FailableStoreKitAPI {
  /// The failures subscription status can be made to throw.
  public typealias Failure = SKTestFailures.SubscriptionStatus
  /// Creates the API value.
  public init() {}
}

/// The verification of signed transactions.
public struct StoreKitVerificationAPI: FailableStoreKitAPI {
  /// The failures verification can be made to report.
  public typealias Failure = SKTestFailures.Verification
  /// Creates the API value.
  public init() {}
}

extension FailableStoreKitAPI where Self == StoreKitAppStoreSyncAPI {
  /// `AppStore.sync()`.
  public static var appStoreSync: StoreKitAppStoreSyncAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitAppTransactionAPI {
  /// The app transaction.
  public static var appTransaction: StoreKitAppTransactionAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitLoadProductsAPI {
  /// `Product.products(for:)`.
  public static var loadProducts: StoreKitLoadProductsAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitManageSubscriptionsAPI {
  /// The manage-subscriptions sheet.
  public static var manageSubscriptions: StoreKitManageSubscriptionsAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitOfferCodeRedeemAPI {
  /// The offer code redemption sheet.
  public static var offerCodeRedeem: StoreKitOfferCodeRedeemAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitPurchaseAPI {
  /// `Product.purchase(options:)`.
  public static var purchase: StoreKitPurchaseAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitRefundRequestAPI {
  /// The refund request sheet.
  public static var refundRequest: StoreKitRefundRequestAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitSubscriptionStatusAPI {
  /// Subscription status.
  public static var subscriptionStatus: StoreKitSubscriptionStatusAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitVerificationAPI {
  /// Verification of signed transactions.
  public static var verification: StoreKitVerificationAPI { .init() }
}

// MARK: - The engine's side

/// An API value the simulated App Store knows by its `SimulatedErrorSetting.API`.
protocol EngineAPI {
  /// The engine's name for the API.
  static var engineAPI: SimulatedErrorSetting.API { get }
}

extension StoreKitAppStoreSyncAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .appStoreSync }
}
extension StoreKitAppTransactionAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .appTransaction }
}
extension StoreKitLoadProductsAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .loadProducts }
}
extension StoreKitManageSubscriptionsAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .manageSubscriptions }
}
extension StoreKitOfferCodeRedeemAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .offerCodeRedeem }
}
extension StoreKitPurchaseAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .purchase }
}
extension StoreKitRefundRequestAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .refundRequest }
}
extension StoreKitSubscriptionStatusAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .subscriptionStatus }
}
extension StoreKitVerificationAPI: EngineAPI {
  static var engineAPI: SimulatedErrorSetting.API { .verification }
}
