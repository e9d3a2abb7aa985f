import Foundation
import StoreCore
import Synchronization

/// The ledger in SQLite: customers, transactions (signed JWS plus query columns) and events.
///
/// Every ``change(customerID:_:)`` reads the customer's records and applies the decided changes
/// inside one `BEGIN IMMEDIATE` transaction, so decisions never rest on stale data, even with the
/// terminal UI and several command-line processes sharing the file.
public final class SQLiteLedger: Ledger {
  /// The database.
  public let queue: DatabaseQueue
  /// The JWS headers of `queue`'s connection, for storing and rebuilding transactions' JWS.
  let headers = JWSHeaderStore()
  /// Signs the notification each recorded event produces, into `outbox`; none until set.
  let notifications = Mutex<(any NotificationWriter)?>(nil)

  /// Opens (creating if needed) the ledger at `location` and brings its schema up to date.
  ///
  /// - Throws: `PersistenceError` for a file that is not a storeterm database or was written by a
  ///   newer storeterm (the file is left untouched), or `SQLiteError`.
  /// - Parameter options: how the file is opened; a scenario replay's scratch ledger, deleted
  ///   afterwards, does not wait for the disk at every commit.
  public init(location: DatabaseLocation, options: DatabaseOptions = DatabaseOptions()) throws {
    queue = try DatabaseQueue(location: location, options: options)
    try LedgerSchema.migrator.migrate(queue)
  }

  /// Opens an existing ledger read-only (`SQLITE_OPEN_READONLY`): it must exist and be up to
  /// date, because a read-only seat can neither create nor migrate it.
  ///
  /// - Throws: `PersistenceError.missingDatabase`, `.outdatedDatabase`, `.newerDatabase` or
  ///   `.notADatabase`; every later write throws `PersistenceError.readOnly`.
  public init(readOnlyAt path: String) throws {
    queue = try DatabaseQueue(location: .file(path), options: DatabaseOptions(readOnly: true))
    try LedgerSchema.migrator.requireApplied(queue)
  }

  /// The customer, created when missing.
  public func customer(_ id: String, orCreate makeCustomer: @Sendable () -> Customer) throws
    -> Customer
  {
    // Most calls find the customer: a read avoids a write transaction and its sync.
    if let row = try queue.read({ db in
      try db.fetchOne("SELECT * FROM customers WHERE id = ?", [.text(id)])
    }) {
      return try Self.customer(row)
    }
    return try queue.write { db in
      if let row = try db.fetchOne("SELECT * FROM customers WHERE id = ?", [.text(id)]) {
        return try Self.customer(row)
      }
      let customer = makeCustomer()
      try db.execute(
        """
        INSERT INTO customers (id, name, email, storefront, family_group, device_verification_id,
          created_ms)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(customer.id), .text(customer.name), .text(customer.email),
          .text(customer.storefront), SQLiteValue(customer.familyGroup),
          .text(customer.deviceVerificationID.uuidString),
          .integer(customer.createdDate.epochMilliseconds),
        ])
      try Self.append(
        StoreEvent(date: customer.createdDate, customerID: id, kind: .customerCreated),
        db: db)
      return customer
    }
  }

  /// The customer with `id`, if there is one.
  public func existingCustomer(_ id: String) throws -> Customer? {
    try queue.read { db in
      try db.fetchOne("SELECT * FROM customers WHERE id = ?", [.text(id)]).map(Self.customer)
    }
  }

  /// Every customer in creation order.
  public func customers() throws -> [Customer] {
    try queue.read { db in
      try db.fetchAll("SELECT * FROM customers ORDER BY rowid").map(Self.customer)
    }
  }

  /// A customer's records in identifier order.
  public func records(customerID: String) throws -> [TransactionRecord] {
    try queue.read { db in try Self.records(customerID: customerID, headers: headers, db: db) }
  }

  /// The customer's unfinished charged records, read by `transactions_unfinished` without
  /// touching the finished ones.
  public func unfinishedRecords(customerID: String) throws -> [TransactionRecord] {
    try queue.read { db in
      try db.fetchAll(
        "SELECT * FROM transactions INDEXED BY transactions_unfinished"
          + " WHERE customer_id = ? AND finished = 0 AND jws IS NOT NULL ORDER BY id",
        [.text(customerID)]
      ).map { try Self.record($0, headers: headers, db: db) }
    }
  }

  /// The record with identifier `id`.
  public func record(id: UInt64) throws -> TransactionRecord? {
    try queue.read { db in
      try db.fetchOne("SELECT * FROM transactions WHERE id = ?", [.integer(Int64(id))])
        .map { try Self.record($0, headers: headers, db: db) }
    }
  }

  /// The payloads of the signed transactions of the customer of record `id` that `cursor`
  /// reads, from `HistoryReadSchema`'s index on its order: one statement, two columns of each
  /// row read in place, the JWS header not joined.
  public func transactionPayloads(
    ofCustomerOfRecord id: UInt64, _ cursor: TransactionHistoryCursor
  ) throws -> [StoredTransactionPayload] {
    try payloads(TransactionHistorySQL.read(record: id, cursor))
  }

  /// The payload of signed transaction `id`, read as ``transactionPayloads(ofCustomerOfRecord:_:)``
  /// reads each.
  public func transactionPayload(id: UInt64) throws -> StoredTransactionPayload? {
    try payloads(TransactionHistorySQL.readOne(id: id)).first
  }

  /// The payloads of the rows `query` selects (`id`, `jws`, `jws_header`, `history_form`): from
  /// the form when the row has one, else from the JWS.
  private func payloads(_ query: TransactionHistorySQL.Query) throws
    -> [StoredTransactionPayload]
  {
    try queue.read { db in
      var payloads: [StoredTransactionPayload] = []
      try db.forEachRow(query.sql, query.parameters.map { .integer($0) }) { row in
        let rowID = row.integer(at: 0) ?? 0
        let hasHeader = row.integer(at: 2) != nil
        try row.withBytes(at: 3) { form in
          try row.withBytes(at: 1) { stored in
            payloads.append(
              try StoredPayloadReader.payload(
                form: form, stored: stored, hasHeader: hasHeader, id: rowID))
          }
        }
      }
      return payloads
    }
  }

  /// The latest record of the customer's chain with original transaction ID `originalID`.
  public func latestRecord(customerID: String, originalID: UInt64) throws -> TransactionRecord? {
    try queue.read { db in
      try Self.records(
        customerID: customerID, scope: .chain(originalID), headers: headers, db: db
      ).last
    }
  }

  /// Reads the customer's state and applies `decide`'s changes in one write transaction.
  public func change<Result: Sendable>(
    customerID: String, scope: RecordScope,
    _ decide: (CustomerLedger) throws -> (LedgerChanges, Result)
  ) throws -> Result {
    try queue.write { db in
      guard
        let customerRow = try db.fetchOne(
          "SELECT * FROM customers WHERE id = ?", [.text(customerID)])
      else { throw LedgerError.unknownCustomer(customerID) }
      let next = try Self.nextTransactionID(db)
      let records = try Self.records(
        customerID: customerID, scope: scope, headers: headers, db: db)
      let state = CustomerLedger(
        customer: try Self.customer(customerRow), records: records,
        subscriptions: try Self.subscriptions(
          customerID: customerID, scope: scope, records: records, db: db),
        nextID: UInt64(next))
      let (changes, result) = try decide(state)
      try Self.apply(changes, headers: headers, notifier: notifier, db: db)
      return result
    }
  }

  /// The members of family `group`, in creation order.
  public func familyMembers(_ group: String) throws -> [Customer] {
    try queue.read { db in
      try db.fetchAll(
        "SELECT * FROM customers WHERE family_group = ? ORDER BY rowid", [.text(group)]
      ).map(Self.customer)
    }
  }

  /// Reads the family (and `customerID`) and applies `decide`'s changes in one write transaction.
  public func changeFamily<Result: Sendable>(
    _ group: String, including customerID: String?,
    _ decide: (FamilyLedger) throws -> (LedgerChanges, Result)
  ) throws -> Result {
    try queue.write { db in
      var rows = try db.fetchAll(
        "SELECT * FROM customers WHERE family_group = ? ORDER BY rowid", [.text(group)])
      if let customerID, try rows.allSatisfy({ try $0.get(String.self, "id") != customerID }) {
        guard
          let row = try db.fetchOne("SELECT * FROM customers WHERE id = ?", [.text(customerID)])
        else { throw LedgerError.unknownCustomer(customerID) }
        rows.append(row)
      }
      let customers = try rows.map { row in
        let customer = try Self.customer(row)
        let records = try Self.records(customerID: customer.id, headers: headers, db: db)
        return CustomerLedger(
          customer: customer, records: records,
          subscriptions: try Self.subscriptions(
            customerID: customer.id, scope: .all, records: records, db: db),
          nextID: 0)
      }
      let next = UInt64(try Self.nextTransactionID(db))
      let (changes, result) = try decide(
        FamilyLedger(group: group, customers: customers, nextID: next))
      try Self.apply(changes, headers: headers, notifier: notifier, db: db)
      return result
    }
  }

  /// Stores `changes` inside the current write transaction.
  static func apply(
    _ changes: LedgerChanges, headers: JWSHeaderStore, notifier: (any NotificationWriter)? = nil,
    db: SQLiteConnection
  ) throws {
    for customer in changes.customers {
      try db.execute(
        "UPDATE customers SET family_group = ? WHERE id = ?",
        [SQLiteValue(customer.familyGroup), .text(customer.id)])
    }
    // One stamp for every record this commit updates or deletes, so readers find them
    // (`recordChanges`); inserted records are found by identifier.
    let touchesRecords = !changes.updated.isEmpty || !changes.deleted.isEmpty
    let stamp = touchesRecords ? try changeStamp(db) : 0
    for record in changes.inserted { try Self.insert(record, headers: headers, db: db) }
    for record in changes.updated {
      try Self.update(record, stamp: stamp, headers: headers, db: db)
    }
    if !changes.deleted.isEmpty {
      try Self.keepIdentifiersRetired(db)
      for id in changes.deleted { try Self.delete(id, stamp: stamp, db: db) }
    }
    for subscription in changes.subscriptions { try Self.upsert(subscription, db: db) }
    for (productID, price) in changes.prices.sorted(by: { $0.key < $1.key }) {
      try Self.setPrice(price, of: productID, db: db)
    }
    for event in changes.events {
      try Self.append(event, db: db)
      if let notifier {
        try Self.enqueueNotification(
          for: event, changes: changes, notifier: notifier, headers: headers, db: db)
      }
    }
  }

  /// The identifier the next record gets: one past the highest in use or ever deleted.
  ///
  /// Reading the highest rowid is free, so purchases write no counter; only deletions record a
  /// floor, because an identifier that was handed out (and signed) must never come back.
  static func nextTransactionID(_ db: SQLiteConnection) throws -> Int64 {
    let highest = try db.fetchOne("SELECT max(id) FROM transactions")?.get(Int64?.self, at: 0) ?? 0
    let floor =
      try db.fetchOne("SELECT value FROM counters WHERE name = 'next_transaction_id'")?
      .get(Int64.self, at: 0) ?? 1
    return max(highest + 1, floor)
  }

  /// Raises the identifier floor past every record, before records are deleted.
  static func keepIdentifiersRetired(_ db: SQLiteConnection) throws {
    try db.execute(
      "UPDATE counters SET value = ? WHERE name = 'next_transaction_id'",
      [.integer(try nextTransactionID(db))])
  }

  /// Events after `sequence`, oldest first.
  public func events(after sequence: Int64, limit: Int) throws -> [StoreEvent] {
    try queue.read { db in
      try db.fetchAll(
        "SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
        [.integer(sequence), .integer(Int64(limit))]
      ).map(Self.event)
    }
  }

  /// Whether an event of `kind` was recorded for customer `customerID`'s transaction
  /// `transactionID`.
  ///
  /// Through the customer's events (an index), not a scan of every event in the ledger.
  public func hasEvent(
    _ kind: StoreEvent.Kind, transactionID: UInt64, customerID: String
  ) throws -> Bool {
    try queue.read { db in
      try db.fetchOne(
        "SELECT 1 FROM events WHERE customer_id = ? AND transaction_id = ? AND kind = ? LIMIT 1",
        [.text(customerID), .integer(Int64(transactionID)), .text(kind.rawValue)]) != nil
    }
  }

  /// The events of `kinds` for customer `customerID`'s transaction `transactionID`, oldest
  /// first (at most 100), through the same index as ``hasEvent(_:transactionID:customerID:)``.
  public func events(
    of kinds: [StoreEvent.Kind], transactionID: UInt64, customerID: String
  ) throws -> [StoreEvent] {
    guard !kinds.isEmpty else { return [] }
    return try queue.read { db in
      try db.fetchAll(
        """
        SELECT * FROM events WHERE customer_id = ? AND transaction_id = ?
          AND instr(?, ',' || kind || ',') > 0
        ORDER BY seq LIMIT 100
        """,
        [.text(customerID), .integer(Int64(transactionID)), .text(Self.kindList(kinds))]
      ).map(Self.event)
    }
  }

  /// The latest `limit` events of `kinds` of every customer, oldest first (a scan of the
  /// event log, for a command's listing).
  public func events(of kinds: [StoreEvent.Kind], limit: Int) throws -> [StoreEvent] {
    guard !kinds.isEmpty else { return [] }
    return try queue.read { db in
      try db.fetchAll(
        """
        SELECT * FROM (SELECT * FROM events WHERE instr(?, ',' || kind || ',') > 0
          ORDER BY seq DESC LIMIT ?)
        ORDER BY seq
        """,
        [.text(Self.kindList(kinds)), .integer(Int64(limit))]
      ).map(Self.event)
    }
  }

  /// `kinds` as one bound value, `,refunded,refundDeclined,`: every statement stays fixed text.
  static func kindList(_ kinds: [StoreEvent.Kind]) -> String {
    "," + kinds.map(\.rawValue).joined(separator: ",") + ","
  }

  /// Removes every record, with one event per customer that had any.
  public func clearTransactions(event: (String) -> StoreEvent) throws {
    try queue.write { db in
      let customers = try db.fetchAll("SELECT DISTINCT customer_id FROM transactions ORDER BY 1")
        .map { try $0.get(String.self, at: 0) }
      try Self.keepIdentifiersRetired(db)
      if !customers.isEmpty { try Self.recordCleared(stamp: try Self.changeStamp(db), db: db) }
      // `jws_headers` stays: its rows are never deleted, so cached identifiers stay true.
      try db.execute("DELETE FROM transactions")
      try db.execute("DELETE FROM subscriptions")
      for customer in customers { try Self.append(event(customer), db: db) }
    }
  }
}

/// A ledger request about something that is not there.
public enum LedgerError: Error, Equatable, CustomStringConvertible {
  /// No customer with this identifier.
  case unknownCustomer(String)
  /// A stored row could not be read back (a damaged or hand-edited ledger).
  case damagedRow(table: String, id: String, reason: String)
  /// A copy's destination already holds customers or events.
  case notEmpty

  /// One sentence naming the input.
  public var description: String {
    switch self {
    case .unknownCustomer(let id): "customer \"\(id)\" does not exist"
    case .damagedRow(let table, let id, let reason):
      "the ledger's \(table) row \(id) cannot be read: \(reason)"
    case .notEmpty:
      "the ledger already holds customers or events; a copy goes into an empty one only"
    }
  }
}
