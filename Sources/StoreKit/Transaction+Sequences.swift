/// StoreKit's transaction sequences: `updates`, `all`, `currentEntitlements`, `unfinished`.
extension Transaction {
  /// An async sequence of verified-or-not transactions, read from the App Store when iterated.
  public struct Transactions: AsyncSequence, Sendable {
    /// Each transaction with its verification result.
    public typealias Element = VerificationResult<Transaction>

    let load: @Sendable () async throws -> [SignedTransaction]

    /// Starts iterating.
    public func makeAsyncIterator() -> Iterator { Iterator(load: load) }

    /// Iterates the loaded transactions.
    public struct Iterator: AsyncIteratorProtocol {
      let load: @Sendable () async throws -> [SignedTransaction]
      var pending: [VerificationResult<Transaction>]?

      /// The next transaction, or nil at the end (also when the App Store cannot be reached).
      public mutating func next() async -> VerificationResult<Transaction>? {
        if pending == nil {
          guard let configuration = try? StoreKitRuntime.configuration(),
            let loaded = try? await load()
          else {
            pending = []
            return nil
          }
          pending = loaded.map { StoreKitRuntime.verify($0, with: configuration) }
        }
        return pending!.isEmpty ? nil : pending!.removeFirst()
      }
    }
  }

  /// Transactions that happen outside a purchase call.
  ///
  /// Ask to Buy approvals, resolved interrupted purchases, refunds, revocations and purchases on
  /// other devices; and, for the first listener of a process, every unfinished transaction once.
  /// Start listening at launch.
  public static var updates: AsyncStream<VerificationResult<Transaction>> {
    guard let configuration = try? StoreKitRuntime.configuration() else {
      return AsyncStream { $0.finish() }
    }
    let source = configuration.engine.updates(customerID: configuration.customerID)
    return AsyncStream { continuation in
      let task = Task {
        for await signed in source {
          continuation.yield(StoreKitRuntime.verify(signed, with: configuration))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Every transaction of the customer (finished consumables left out).
  public static var all: Transactions {
    Transactions {
      let configuration = try StoreKitRuntime.configuration()
      return try configuration.engine.allTransactions(customerID: configuration.customerID)
    }
  }

  /// Every transaction for one product.
  public static func all(for productID: String) -> Transactions {
    Transactions {
      let configuration = try StoreKitRuntime.configuration()
      return try configuration.engine.allTransactions(customerID: configuration.customerID)
        .filter { $0.payload.productId == productID }
    }
  }

  /// What the customer is entitled to now: non-consumables, active subscriptions, non-renewing
  /// subscriptions; never consumables or revoked transactions.
  public static var currentEntitlements: Transactions {
    Transactions {
      let configuration = try StoreKitRuntime.configuration()
      return try configuration.engine.currentEntitlements(customerID: configuration.customerID)
    }
  }

  /// The current entitlements for one product.
  public static func currentEntitlements(for productID: String) -> Transactions {
    Transactions {
      let configuration = try StoreKitRuntime.configuration()
      return try configuration.engine.currentEntitlements(customerID: configuration.customerID)
        .filter { $0.payload.productId == productID }
    }
  }

  /// Transactions the app has not finished.
  public static var unfinished: Transactions {
    Transactions {
      let configuration = try StoreKitRuntime.configuration()
      return try configuration.engine.unfinished(customerID: configuration.customerID)
    }
  }

  /// The customer's most recent transaction for a product, if any.
  public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
    guard let configuration = try? StoreKitRuntime.configuration(),
      let all = try? configuration.engine.allTransactions(customerID: configuration.customerID),
      let latest = all.last(where: { $0.payload.productId == productID })
    else { return nil }
    return StoreKitRuntime.verify(latest, with: configuration)
  }
}
