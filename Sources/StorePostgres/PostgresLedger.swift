import Foundation
import StoreCore
import StorePersistence
import Synchronization

/// The ledger in PostgreSQL, for a team whose seats on several machines share one store.
///
/// The same tables, migrations and guarantees as ``StorePersistence/SQLiteLedger``: every
/// ``change(customerID:scope:_:)`` reads the customer's rows and stores the decided records,
/// events and outbox rows in one transaction that holds the writers' lock (see
/// ``PostgresDatabase``), so a decision never rests on rows another seat is changing, and
/// identifiers, event sequences and change stamps grow in commit order.
public final class PostgresLedger: Ledger {
  /// The database.
  public let database: PostgresDatabase
  /// JWS headers by identifier and text.
  let headers = PostgresJWSHeaders()
  /// Signs the notification each recorded event produces, into `outbox`; none until set.
  let notifications = Mutex<(any NotificationWriter)?>(nil)
  /// What this seat's last change left, and how its recent guesses from it fared.
  let changeMemory = Mutex(ChangeMemory())

  /// Connects and brings the schema up to date (a read-only seat only checks it).
  ///
  /// - Throws: `PostgresError` for an unreachable server, refused credentials, another
  ///   application's database or a newer storeterm's (nothing is changed then).
  public init(connectionString: String, readOnly: Bool = false) throws {
    database = try PostgresDatabase(connectionString: connectionString, readOnly: readOnly)
    if readOnly {
      try PostgresLedgerSchema.migrator.requireApplied(database)
    } else {
      try PostgresLedgerSchema.migrator.migrate(database)
    }
  }

  /// The ledger's migrations by name, in the order they apply (the SQLite ledger's).
  public static var migrationNames: [String] {
    PostgresLedgerSchema.migrator.migrations.map(\.name)
  }

  /// The names of the migrations applied, in order.
  public func appliedMigrations() throws -> [String] {
    try database.read { db in
      try db.execute("SELECT name FROM storeterm_migrations ORDER BY position")
        .map { try $0.string("name") }
    }
  }

  /// Runs `body` in a write transaction, counted in the ledger's change count; the header cache
  /// learns what committed.
  ///
  /// Every write of the ledger's customers, records and counters comes through here, so the
  /// count moves with each of them (see ``change(customerID:scope:_:)``); the notification,
  /// retention and server stores' writes change nothing a ledger decision reads and are not
  /// counted.
  @discardableResult
  func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    // Whether it committed or rolled back, what it inserted is settled once it ends: a header
    // left marked as just inserted would never be cached, and every later read of a record
    // would ask the server for it again.
    defer { headers.endTransaction() }
    return try database.write { db in
      headers.beginTransaction()
      let result = try body(db)
      try db.executeLater(Self.countChange)
      return result
    }
  }

  /// Counts one more committed write in `counters.ledger_version` (sent with the commit).
  static let countChange = "UPDATE counters SET value = value + 1 WHERE name = 'ledger_version'"

  /// The customer, created when missing.
  public func customer(_ id: String, orCreate makeCustomer: @Sendable () -> Customer) throws
    -> Customer
  {
    if let existing = try existingCustomer(id) { return existing }
    return try write { db in
      if let row = try db.fetchOne("SELECT * FROM customers WHERE id = $1", [.text(id)]) {
        return try Self.customer(row)
      }
      let customer = makeCustomer()
      try db.execute(
        """
        INSERT INTO customers (id, name, email, storefront, family_group, device_verification_id,
          created_ms)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        """,
        [
          .text(customer.id), .text(customer.name), .text(customer.email),
          .text(customer.storefront), PostgresValue(customer.familyGroup),
          .text(customer.deviceVerificationID.uuidString),
          .integer(customer.createdDate.epochMilliseconds),
        ])
      _ = try Self.append(
        StoreEvent(date: customer.createdDate, customerID: id, kind: .customerCreated), db: db)
      return customer
    }
  }

  /// The customer with `id`, if there is one.
  public func existingCustomer(_ id: String) throws -> Customer? {
    try database.read { db in
      try db.fetchOne("SELECT * FROM customers WHERE id = $1", [.text(id)]).map(Self.customer)
    }
  }

  /// Every customer in creation order.
  public func customers() throws -> [Customer] {
    try database.read { db in
      try db.execute("SELECT * FROM customers ORDER BY position").map(Self.customer)
    }
  }

  /// A customer's records in identifier order.
  public func records(customerID: String) throws -> [TransactionRecord] {
    try database.read { db in try records(customerID: customerID, db: db) }
  }

  /// The customer's unfinished charged records.
  public func unfinishedRecords(customerID: String) throws -> [TransactionRecord] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM transactions WHERE customer_id = $1 AND finished = 0 AND jws IS NOT NULL"
          + " ORDER BY id", [.text(customerID)]
      ).map { try record($0, db: db) }
    }
  }

  /// The customer's charged records other than consumables.
  ///
  /// Every record the deciding records are chosen from, so the deciders' answers are the whole
  /// history's. Unlike SQLite's, this read still grows with the customer's renewals (the chosen
  /// few by index is left to do).
  public func decidingRecords(customerID: String) throws -> [TransactionRecord] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM transactions WHERE customer_id = $1 AND jws IS NOT NULL"
          + " AND product_type IS DISTINCT FROM 'Consumable' ORDER BY id", [.text(customerID)]
      ).map { try record($0, db: db) }
    }
  }

  /// A customer's records of one product in identifier order (`Transaction.all(for:)`).
  public func records(customerID: String, productID: String) throws -> [TransactionRecord] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM transactions WHERE customer_id = $1 AND product_id = $2 ORDER BY id",
        [.text(customerID), .text(productID)]
      ).map { try record($0, db: db) }
    }
  }

  /// The record with identifier `id`.
  public func record(id: UInt64) throws -> TransactionRecord? {
    try database.read { db in
      try db.fetchOne("SELECT * FROM transactions WHERE id = $1", [.integer(Int64(id))])
        .map { try record($0, db: db) }
    }
  }

  /// The payloads of the signed transactions of the customer of record `id` that `cursor`
  /// reads, from the index on its order (as SQLite's ledger reads them).
  public func transactionPayloads(
    ofCustomerOfRecord id: UInt64, _ cursor: TransactionHistoryCursor
  ) throws -> [StoredTransactionPayload] {
    try payloads(TransactionHistorySQL.read(record: id, cursor))
  }

  /// The payload of signed transaction `id`.
  public func transactionPayload(id: UInt64) throws -> StoredTransactionPayload? {
    try payloads(TransactionHistorySQL.readOne(id: id)).first
  }

  /// The payloads of the rows `query` selects (`id`, `jws`, `jws_header`, `history_form`): from
  /// the form when the row has one, else from the JWS.
  private func payloads(_ query: TransactionHistorySQL.Query) throws
    -> [StoredTransactionPayload]
  {
    try database.read { db in
      try db.execute(query.sql, query.parameters.map { .integer($0) }).map { row in
        try StoredPayloadReader.payload(
          form: try row.text("history_form"), stored: try row.string("jws"),
          hasHeader: try row.integer(at: 2) != nil, id: try row.int64("id"))
      }
    }
  }

  /// The latest record of the customer's chain with original transaction ID `originalID`.
  public func latestRecord(customerID: String, originalID: UInt64) throws -> TransactionRecord? {
    try database.read { db in
      try records(customerID: customerID, scope: .chain(originalID), db: db).last
    }
  }

  /// The members of family `group`, in creation order.
  public func familyMembers(_ group: String) throws -> [Customer] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM customers WHERE family_group = $1 ORDER BY position", [.text(group)]
      ).map(Self.customer)
    }
  }

  /// Reads the family (and `customerID`) and applies `decide`'s changes in one write transaction.
  public func changeFamily<Result: Sendable>(
    _ group: String, including customerID: String?,
    _ decide: (FamilyLedger) throws -> (LedgerChanges, Result)
  ) throws -> Result {
    try write { db in
      var rows = try db.execute(
        "SELECT * FROM customers WHERE family_group = $1 ORDER BY position", [.text(group)])
      if let customerID, try rows.allSatisfy({ try $0.string("id") != customerID }) {
        guard
          let row = try db.fetchOne("SELECT * FROM customers WHERE id = $1", [.text(customerID)])
        else { throw LedgerError.unknownCustomer(customerID) }
        rows.append(row)
      }
      let customers = try rows.map { row in
        let customer = try Self.customer(row)
        let records = try records(customerID: customer.id, db: db)
        return CustomerLedger(
          customer: customer, records: records,
          subscriptions: try Self.subscriptions(
            customerID: customer.id, scope: .all, records: records, db: db),
          nextID: 0)
      }
      let next = UInt64(try Self.nextTransactionID(db))
      let (changes, result) = try decide(
        FamilyLedger(group: group, customers: customers, nextID: next))
      try apply(changes, db: db)
      return result
    }
  }

  /// Stores `changes` inside the current write transaction.
  func apply(_ changes: LedgerChanges, db: PostgresConnection) throws {
    // Nothing below reads what these statements return, so they travel together with the
    // commit (or with the next statement that reads), in one round trip.
    for customer in changes.customers {
      try db.executeLater(
        "UPDATE customers SET family_group = $1 WHERE id = $2",
        [PostgresValue(customer.familyGroup), .text(customer.id)])
    }
    let touchesRecords = !changes.updated.isEmpty || !changes.deleted.isEmpty
    let stamp = touchesRecords ? try Self.changeStamp(db) : 0
    for record in changes.inserted { try insert(record, db: db) }
    for record in changes.updated { try update(record, stamp: stamp, db: db) }
    if !changes.deleted.isEmpty {
      try Self.keepIdentifiersRetired(db)
      for id in changes.deleted { try Self.delete(id, stamp: stamp, db: db) }
    }
    for subscription in changes.subscriptions { try Self.upsert(subscription, db: db) }
    for (productID, price) in changes.prices.sorted(by: { $0.key < $1.key }) {
      try Self.setPrice(price, of: productID, db: db)
    }
    let notifier = notifications.withLock { $0 }
    for event in changes.events {
      try Self.appendLater(event, db: db)
      if let notifier {
        try enqueueNotification(for: event, changes: changes, notifier: notifier, db: db)
      }
    }
  }

  /// The identifier the next record gets: one past the highest in use or ever retired.
  static func nextTransactionID(_ db: PostgresConnection) throws -> Int64 {
    try db.fetchOne("SELECT " + nextTransactionIDExpression + " AS next")?.int64("next") ?? 1
  }

  /// One past the highest identifier in use or ever retired, as a SQL expression (fixed text).
  static let nextTransactionIDExpression =
    "greatest((SELECT coalesce(max(id), 0) + 1 FROM transactions),"
    + " (SELECT coalesce(max(value), 1) FROM counters WHERE name = 'next_transaction_id'))"

  /// Raises the identifier floor past every record, before records are deleted.
  static func keepIdentifiersRetired(_ db: PostgresConnection) throws {
    try db.execute(
      "UPDATE counters SET value = $1 WHERE name = 'next_transaction_id'",
      [.integer(try nextTransactionID(db))])
  }

  /// Events after `sequence`, oldest first.
  public func events(after sequence: Int64, limit: Int) throws -> [StoreEvent] {
    try database.read { db in
      try db.execute(
        "SELECT * FROM events WHERE seq > $1 ORDER BY seq LIMIT $2",
        [.integer(sequence), .integer(Int64(limit))]
      ).map(Self.event)
    }
  }

  /// Whether an event of `kind` was recorded for customer `customerID`'s transaction
  /// `transactionID`.
  public func hasEvent(
    _ kind: StoreEvent.Kind, transactionID: UInt64, customerID: String
  ) throws -> Bool {
    try database.read { db in
      try db.fetchOne(
        "SELECT 1 AS found FROM events WHERE customer_id = $1 AND transaction_id = $2"
          + " AND kind = $3 LIMIT 1",
        [.text(customerID), .integer(Int64(transactionID)), .text(kind.rawValue)]) != nil
    }
  }

  /// The events of `kinds` for customer `customerID`'s transaction `transactionID`, oldest
  /// first (at most 100).
  public func events(
    of kinds: [StoreEvent.Kind], transactionID: UInt64, customerID: String
  ) throws -> [StoreEvent] {
    guard !kinds.isEmpty else { return [] }
    // The kinds as one bound value, `,refunded,refundDeclined,`: the statement stays fixed text.
    let list = "," + kinds.map(\.rawValue).joined(separator: ",") + ","
    return try database.read { db in
      try db.execute(
        "SELECT * FROM events WHERE customer_id = $1 AND transaction_id = $2"
          + " AND strpos($3, ',' || kind || ',') > 0 ORDER BY seq LIMIT 100",
        [.text(customerID), .integer(Int64(transactionID)), .text(list)]
      ).map(Self.event)
    }
  }

  /// The latest `limit` events of `kinds` of every customer, oldest first (a scan of the event
  /// log, for a command's listing).
  public func events(of kinds: [StoreEvent.Kind], limit: Int) throws -> [StoreEvent] {
    guard !kinds.isEmpty else { return [] }
    let list = "," + kinds.map(\.rawValue).joined(separator: ",") + ","
    return try database.read { db in
      try db.execute(
        "SELECT * FROM (SELECT * FROM events WHERE strpos($1, ',' || kind || ',') > 0"
          + " ORDER BY seq DESC LIMIT $2) AS latest ORDER BY seq",
        [.text(list), .integer(Int64(limit))]
      ).map(Self.event)
    }
  }

  /// Removes every record, with one event per customer that had any.
  public func clearTransactions(event: (String) -> StoreEvent) throws {
    try write { db in
      let customers = try db.execute(
        "SELECT DISTINCT customer_id FROM transactions ORDER BY 1"
      ).map { try $0.string("customer_id") }
      try Self.keepIdentifiersRetired(db)
      if !customers.isEmpty { try Self.recordCleared(stamp: try Self.changeStamp(db), db: db) }
      try db.execute("DELETE FROM transactions")
      try db.execute("DELETE FROM subscriptions")
      for customer in customers { _ = try Self.append(event(customer), db: db) }
    }
  }
}
