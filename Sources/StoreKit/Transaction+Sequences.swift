import Foundation
import StoreCore

extension Transaction {
  /// An async sequence of transactions with their verification results.
  public struct Transactions: AsyncSequence, Sendable {
    /// Each transaction, verified or not.
    public typealias Element = VerificationResult<Transaction>

    /// Where the transactions come from.
    enum Source: Sendable {
      /// What the App Store holds when iteration starts.
      case snapshot(@Sendable (StoreKitRuntime.Configuration) throws -> [SignedTransaction])
      /// Transactions as they happen (`updates`).
      case live
    }

    let source: Source

    /// Starts iterating: a snapshot is read now, a live sequence starts listening now.
    public func makeAsyncIterator() -> Iterator {
      guard let configuration = try? StoreKitRuntime.configuration() else {
        return Iterator(configuration: nil, pending: [], live: nil)
      }
      switch source {
      case .snapshot(let load):
        let loaded = (try? load(configuration)) ?? []
        return Iterator(configuration: configuration, pending: loaded[...], live: nil)
      case .live:
        let stream = configuration.engine.updates(customerID: configuration.customerID)
        return Iterator(configuration: configuration, pending: [], live: stream.makeAsyncIterator())
      }
    }

    /// Reads the next transaction.
    public struct Iterator: AsyncIteratorProtocol {
      let configuration: StoreKitRuntime.Configuration?
      var pending: ArraySlice<SignedTransaction>
      var live: AsyncStream<SignedTransaction>.Iterator?
      var started = false

      /// The next transaction, or nil at the end (also when no App Store can be reached).
      public mutating func next() async -> VerificationResult<Transaction>? {
        guard let configuration else { return nil }
        // The first element of a snapshot (`currentEntitlements`, `all`) is a trip away.
        if !started {
          started = true
          await StoreKitRuntime.roundTrip()
        }
        if let signed = pending.popFirst() {
          return StoreKitRuntime.verify(signed, with: configuration)
        }
        guard let signed = await live?.next() else { return nil }
        return StoreKitRuntime.verify(signed, with: configuration)
      }
    }
  }

  /// Transactions that happen outside a purchase call, as they happen.
  ///
  /// Ask to Buy approvals, resolved interrupted purchases, renewals, refunds, revocations,
  /// purchases on other devices; and, for the first listener of a process, every unfinished
  /// transaction once. Start listening at launch.
  public static var updates: Transaction.Transactions { Transactions(source: .live) }

  /// Every transaction of the customer (finished consumables left out).
  public static var all: Transaction.Transactions {
    Transactions(source: .snapshot { try $0.engine.allTransactions(customerID: $0.customerID) })
  }

  /// Every transaction of the customer for one product.
  public static func all(for productID: String) -> Transaction.Transactions {
    Transactions(
      source: .snapshot {
        try $0.engine.allTransactions(customerID: $0.customerID, productID: productID)
      })
  }

  /// What the customer is entitled to now: non-consumables, active subscriptions, non-renewing
  /// subscriptions; never consumables or refunded transactions.
  public static var currentEntitlements: Transaction.Transactions {
    Transactions(
      source: .snapshot { try $0.engine.currentEntitlements(customerID: $0.customerID) })
  }

  /// The current entitlements for one product.
  public static func currentEntitlements(for productID: String) -> Transaction.Transactions {
    Transactions(
      source: .snapshot {
        try $0.engine.currentEntitlements(customerID: $0.customerID)
          .filter { $0.payload.productId == productID }
      })
  }

  /// Transactions the app has not finished.
  public static var unfinished: Transaction.Transactions {
    Transactions(source: .snapshot { try $0.engine.unfinished(customerID: $0.customerID) })
  }

  /// The customer's most recent transaction for a product, if any.
  public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
    await StoreKitRuntime.roundTrip()
    guard let configuration = try? StoreKitRuntime.configuration(),
      let latest = try? configuration.engine.latestTransaction(
        customerID: configuration.customerID, productID: productID)
    else { return nil }
    return StoreKitRuntime.verify(latest, with: configuration)
  }

  /// The transaction that entitles the customer to a product now, if any.
  @available(*, deprecated, message: "Use currentEntitlements(for:)")
  public static func currentEntitlement(for productID: String) async -> VerificationResult<
    Transaction
  >? {
    await entitlement(for: productID)
  }

  /// The first current entitlement for a product (what the deprecated API returns).
  static func entitlement(for productID: String) async -> VerificationResult<Transaction>? {
    for await result in currentEntitlements(for: productID) { return result }
    return nil
  }
}
