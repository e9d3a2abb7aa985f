import Foundation
import StoreCore
import StoreKit

/// A transaction that occurs in the testing environment: StoreKitTest's `SKTestTransaction`.
open class SKTestTransaction: @unchecked Sendable {
  /// The identifier of the transaction in the testing environment.
  public let identifier: Int
  /// The identifier of the original purchase.
  public let originalTransactionIdentifier: Int
  /// The product identifier.
  public let productIdentifier: String
  /// The state of the transaction.
  public let state: SKPaymentTransactionState
  /// When it was bought (or requested, while pending).
  public let purchaseDate: Date
  /// When it was refunded or revoked.
  public let cancelDate: Date?
  /// When the subscription expires.
  public let expirationDate: Date?
  /// Whether the subscription renews automatically.
  public let autoRenewingEnabled: Bool
  /// Whether it was interrupted and waits to be resolved.
  public let hasPurchaseIssue: Bool
  /// Whether a price increase waits for the customer's consent.
  public let isPendingPriceIncreaseConsent: Bool
  /// Whether it waits for an Ask to Buy confirmation.
  public let pendingAskToBuyConfirmation: Bool

  init(_ record: TransactionRecord, subscription: SubscriptionState?) {
    let payload = record.signed?.payload
    identifier = Int(truncatingIfNeeded: record.id)
    originalTransactionIdentifier = Int(
      truncatingIfNeeded: payload.flatMap { UInt64($0.originalTransactionId) } ?? record.id)
    productIdentifier = record.productID
    purchaseDate = payload.map { Date(epochMilliseconds: $0.purchaseDate) } ?? record.createdDate
    expirationDate = payload?.expiresDate.map(Date.init(epochMilliseconds:))
    cancelDate = payload?.revocationDate.map(Date.init(epochMilliseconds:))
    autoRenewingEnabled = subscription?.willAutoRenew ?? false
    isPendingPriceIncreaseConsent = subscription?.priceIncrease.map { !$0.agreed } ?? false
    pendingAskToBuyConfirmation = record.state == .pendingApproval
    hasPurchaseIssue = record.state == .interrupted
    switch record.state {
    case .purchased: state = .purchased
    case .pendingApproval: state = .deferred
    // "Observe that the payment fails" (Apple, Testing an interrupted purchase).
    case .interrupted, .declined: state = .failed
    }
  }
}
