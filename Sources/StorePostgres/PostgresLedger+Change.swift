import StoreCore
import StorePersistence
import Synchronization

extension PostgresLedger {
  /// Reads the customer's state and applies `decide`'s changes in one write transaction.
  ///
  /// A change that reads no records (``RecordScope/none``: a consumable or non-renewing
  /// purchase, an event) of the customer this seat changed last is decided from what that
  /// change left (the customer, the next identifier) and sent whole in one round trip, behind
  /// a check, once the writers' lock is held, that the ledger's change count is still the one
  /// it left (see ``write(_:)``). When another write came between, the change rolls back and
  /// is read and decided again as any other: `decide` may then run twice, and only the second
  /// run's changes are stored. Seats that keep writing between each other's changes would
  /// waste that round trip every time, so each stale guess makes this seat read first for the
  /// next 2, 4, … 64 such changes.
  public func change<Result: Sendable>(
    customerID: String, scope: RecordScope,
    _ decide: (CustomerLedger) throws -> (LedgerChanges, Result)
  ) throws -> Result {
    do {
      if scope == .none, let known = changeMemory.withLock({ $0.guess(customerID: customerID) }) {
        do {
          let (result, after) = try write { db in
            try db.executeLater(
              "SELECT storeterm_expect_ledger_version($1)", [.integer(known.version)])
            return try decideAndApply(
              CustomerLedger(
                customer: known.customer, records: [], subscriptions: [], nextID: known.nextID),
              version: known.version, decide, db: db)
          }
          changeMemory.withLock { $0.guessed(leaving: after) }
          return result
        } catch let error as PostgresError where error.sqlState == Self.staleState {
          // Another write came between: nothing was stored; read and decide again below.
          changeMemory.withLock { $0.guessWasStale() }
        }
      }
      let (result, after) = try write { db in
        // The customer, the next identifier and the change count in one statement, sent with
        // the transaction's start and the writers' lock: one round trip.
        guard
          let customerRow = try db.fetchOne(
            "SELECT c.*, " + Self.nextTransactionIDExpression + " AS next_transaction_id,"
              + " (SELECT value FROM counters WHERE name = 'ledger_version') AS ledger_version"
              + " FROM customers c WHERE c.id = $1", [.text(customerID)])
        else { throw LedgerError.unknownCustomer(customerID) }
        let next = try customerRow.int64("next_transaction_id")
        let records = try records(customerID: customerID, scope: scope, db: db)
        let state = CustomerLedger(
          customer: try Self.customer(customerRow), records: records,
          subscriptions: try Self.subscriptions(
            customerID: customerID, scope: scope, records: records, db: db),
          nextID: UInt64(next))
        return try decideAndApply(
          state, version: try customerRow.integer("ledger_version"), decide, db: db)
      }
      changeMemory.withLock { $0.last = after }
      return result
    } catch {
      changeMemory.withLock { $0.last = nil }
      throw error
    }
  }

  /// The SQLSTATE `storeterm_expect_ledger_version` raises when another write came between.
  static let staleState = "STALE"

  /// Decides from `state` and queues the changes; with what the change leaves, when a read
  /// after it would give exactly that (no deletion, the customer itself unchanged).
  private func decideAndApply<Result>(
    _ state: CustomerLedger, version: Int64?,
    _ decide: (CustomerLedger) throws -> (LedgerChanges, Result), db: PostgresConnection
  ) throws -> (Result, ChangeMemory.Left?) {
    let (changes, result) = try decide(state)
    try apply(changes, db: db)
    guard let version, changes.deleted.isEmpty,
      !changes.customers.contains(where: { $0.id == state.customer.id })
    else { return (result, nil) }
    let nextID = max(state.nextID, changes.inserted.map { $0.id + 1 }.max() ?? 0)
    return (result, .init(customer: state.customer, nextID: nextID, version: version + 1))
  }
}

/// What a seat's last change left, for its next change of the same customer, and how its
/// recent guesses from it fared.
struct ChangeMemory: Sendable {
  /// What a committed change left.
  struct Left: Sendable {
    /// The customer, as a read after the change would give it.
    let customer: Customer
    /// The identifier the next record gets.
    let nextID: UInt64
    /// The ledger's change count after the change's commit.
    let version: Int64
  }

  /// What the last change left; `nil` after a failure or a change a read must follow.
  var last: Left?
  /// How many more changes read first after the last stale guess.
  var readsFirst = 0
  /// How many changes the next stale guess makes read first (doubling to 64).
  var penalty = 1

  /// What to decide `customerID`'s change from without reading, if anything.
  mutating func guess(customerID: String) -> Left? {
    guard let last, last.customer.id == customerID else { return nil }
    guard readsFirst == 0 else {
      readsFirst -= 1
      return nil
    }
    return last
  }

  /// A guess committed, leaving `left`.
  mutating func guessed(leaving left: Left?) {
    last = left
    penalty = 1
  }

  /// A guess met another seat's write: the next changes read first.
  mutating func guessWasStale() {
    penalty = min(penalty * 2, 64)
    readsFirst = penalty
  }
}
