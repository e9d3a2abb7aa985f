import StoreCore

/// The signed-in customer's subscription chains as the standing decider reads them: each
/// chain's state with its latest transaction, wherever the history's window sits.
///
/// The latest transactions are one keyed lookup per chain, read again only when the ledger's
/// mark moved, so a snapshot taken for a scroll or a key costs no query.
struct ChainReader {
  private let ledger: any LedgerBrowser
  /// The latest transaction of each chain, the customer and the mark it was read for.
  private var cached:
    (mark: [Int64], customerID: String, latest: [UInt64: JWSTransactionDecodedPayload])?

  init(ledger: any LedgerBrowser) {
    self.ledger = ledger
  }

  /// Each chain of `states` (all held by `customerID`) with its latest transaction and the
  /// chain's transactions among `shown`, by original transaction ID.
  mutating func chains(
    of states: [UInt64: SubscriptionState], around shown: [TransactionRecord],
    customerID: String, mark: [Int64]
  ) -> [String: SubscriptionChain] {
    let latest = latestTransactions(of: Array(states.keys), customerID: customerID, mark: mark)
    let payloads = shown.compactMap(\.signed?.payload)
    var chains: [String: SubscriptionChain] = [:]
    for (original, state) in states {
      let key = String(original)
      var transactions = payloads.filter { $0.originalTransactionId == key }
      if let last = latest[original], !transactions.contains(last) { transactions.append(last) }
      chains[key] = SubscriptionChain(state: state, transactions: transactions)
    }
    return chains
  }

  /// Forgets what was read, so the next snapshot reads it again.
  mutating func invalidate() {
    cached = nil
  }

  private mutating func latestTransactions(
    of originals: [UInt64], customerID: String, mark: [Int64]
  ) -> [UInt64: JWSTransactionDecodedPayload] {
    if let cached, cached.mark == mark, cached.customerID == customerID,
      Set(cached.latest.keys).isSuperset(of: originals)
    {
      return cached.latest
    }
    var latest: [UInt64: JWSTransactionDecodedPayload] = [:]
    for original in originals {
      latest[original] =
        try? ledger.latestRecord(customerID: customerID, originalID: original)?.signed?.payload
    }
    cached = (mark, customerID, latest)
    return latest
  }
}
