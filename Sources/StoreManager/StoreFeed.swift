import StoreKit

/// One transaction the store handled, for the event log.
public struct StoreFeedEntry: Sendable, Hashable, Identifiable {
  /// Where the transaction came from.
  public enum Source: String, Sendable, Hashable {
    /// The result of a purchase call.
    case purchase
    /// `Transaction.updates`.
    case update
    /// `Transaction.unfinished`, read at start or on restore.
    case unfinished
    /// `Transaction.all`, read to catch refunds made while the app was not running.
    case history
  }

  /// What the store did with it.
  public enum Outcome: Sendable, Hashable, CustomStringConvertible {
    /// Stored (or found stored), then finished.
    case delivered(GrantOutcome)
    /// Not delivered and left unfinished.
    case refused(PurchaseFailure)

    /// One short phrase.
    public var description: String {
      switch self {
      case .delivered(let grant): grant.description
      case .refused(let failure): "refused: \(failure)"
      }
    }
  }

  /// The position of the entry in the feed, counting from 1.
  public let id: Int
  /// Where it came from.
  public let source: Source
  /// The transaction.
  public let transactionID: UInt64
  /// The product.
  public let productID: String
  /// Whether it was refunded or revoked.
  public let isRevoked: Bool
  /// What the store did.
  public let outcome: Outcome
}

/// A transaction the store refused, shown to the developer or QA as a warning.
public struct StoreWarning: Sendable, Hashable, CustomStringConvertible {
  /// The transaction.
  public let transactionID: UInt64
  /// The product.
  public let productID: String
  /// Why it was refused.
  public let failure: PurchaseFailure

  /// One sentence, such as `transaction 3 (dev.storeterm.demo.lifetime) was not delivered: …`.
  public var description: String {
    "transaction \(transactionID) (\(productID)) was not delivered: \(failure)"
  }
}
