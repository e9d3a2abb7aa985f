import Foundation
import StoreCore

/// A transaction as StoreKitTest lists it: `SKTestTransaction`.
public struct SKTestTransaction: Sendable, Equatable {
  /// The identifier; Ask to Buy approvals and resolutions refer to it.
  public let identifier: UInt
  /// The identifier of the original purchase.
  public let originalTransactionIdentifier: UInt
  /// The product bought.
  public let productIdentifier: String
  /// When it was bought (or requested, while pending).
  public let purchaseDate: Date
  /// When the subscription expires.
  public let expirationDate: Date?
  /// When it was refunded or revoked.
  public let cancelDate: Date?
  /// Whether it waits for a parent's approval.
  public let pendingAskToBuyConfirmation: Bool
  /// Whether it was interrupted and waits to be resolved.
  public let hasPurchaseIssue: Bool
  /// Where it stands.
  public let state: State

  init(_ record: TransactionRecord) {
    let payload = record.signed?.payload
    identifier = UInt(record.id)
    originalTransactionIdentifier = UInt(
      payload.flatMap { UInt64($0.originalTransactionId) } ?? record.id)
    productIdentifier = record.productID
    purchaseDate = payload.map { Date(epochMilliseconds: $0.purchaseDate) } ?? record.createdDate
    expirationDate = payload?.expiresDate.map(Date.init(epochMilliseconds:))
    cancelDate = payload?.revocationDate.map(Date.init(epochMilliseconds:))
    pendingAskToBuyConfirmation = record.state == .pendingApproval
    hasPurchaseIssue = record.state == .interrupted
    switch record.state {
    case .purchased: state = .purchased
    case .pendingApproval, .interrupted: state = .deferred
    case .declined: state = .failed
    }
  }

  /// StoreKit's `SKPaymentTransactionState`, as `SKTestTransaction.state` reports it.
  public enum State: Sendable, Equatable {
    /// Charged.
    case purchased
    /// Waiting (Ask to Buy, interrupted).
    case deferred
    /// Did not complete (declined).
    case failed
  }
}

/// Why a session request failed: StoreKitTest's `SKTestError`.
public struct SKTestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// StoreKitTest's error codes.
  public enum Code: Sendable, Equatable {
    /// The configuration file does not exist.
    case fileNotFound
    /// The action does not apply.
    case invalidAction
    /// No such product.
    case invalidProductIdentifier
    /// No such transaction.
    case noTransactionFound
  }

  /// The code.
  public let code: Code
  /// One sentence naming the input.
  public let description: String

  init(_ code: Code, _ description: String) {
    self.code = code
    self.description = description
  }
}
