import Foundation
import StoreCore
import StoreTermTestSupport
import Testing

@testable import StorePersistence

/// Ledgers written before a migration keep what they hold: events and their numbering (lean
/// writes), transactions and their whole JWS (headers stored once).
@Suite struct LedgerMigrationTests {
  @Test func eventsKeepTheirNumbersAndNewOnesContinueAfterTheLastOld() throws {
    let path = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    let old = try DatabaseQueue(location: .file(path))
    try LedgerSchema.migrator.migrate(old, upTo: SupportSchema.migrationName)
    try old.write { db in
      try db.execute(
        """
        INSERT INTO customers (id, name, email, storefront, device_verification_id, created_ms)
        VALUES ('ada', 'Ada', 'ada@example.com', 'USA', '5D1F2E3A-0000-4000-8000-000000000001', 0)
        """)
      for (kind, millis) in [("customerCreated", 1_000), ("cancelled", 2_000), ("failed", 3_000)] {
        try db.execute(
          "INSERT INTO events (date_ms, customer_id, kind, detail) VALUES (?, 'ada', ?, 'old')",
          [.integer(Int64(millis)), .text(kind)])
      }
    }
    let ledger = try SQLiteLedger(location: .file(path))
    try ledger.change(customerID: "ada", scope: .none) { _ in
      var changes = LedgerChanges()
      changes.events.append(
        StoreEvent(
          date: Date(timeIntervalSince1970: 4), customerID: "ada", kind: .cancelled,
          productID: "dev.storeterm.demo.lifetime"))
      return (changes, ())
    }
    let events = try ledger.events(after: 0, limit: 10)
    #expect(events.map(\.sequence) == [1, 2, 3, 4])
    #expect(events.map(\.kind) == [.customerCreated, .cancelled, .failed, .cancelled])
    #expect(events.map(\.date.timeIntervalSince1970) == [1, 2, 3, 4])
    #expect(events.map(\.detail) == ["old", "old", "old", ""])
    let leftovers = try ledger.queue.read { db in
      try db.fetchAll("SELECT name FROM sqlite_sequence").map { try $0.get(String.self, at: 0) }
    }
    #expect(leftovers == [])
    let index = try ledger.queue.read { db in
      try db.fetchOne(
        "SELECT sql FROM sqlite_master WHERE name = 'transactions_by_original'"
      )?.get(String.self, at: 0)
    }
    #expect(
      index
        == "CREATE INDEX transactions_by_original ON transactions(original_id) WHERE original_id <> id"
    )
  }

  @Test func transactionsStoredWholeReadTheSameAfterTheHeaderMigration() async throws {
    let source = try EngineHarness()
    try await source.buy(Demo.coins)
    try await source.buy(Demo.lifetime)
    _ = try source.engine.refund(2)
    let customer = try #require(try source.ledger.existingCustomer(Customer.defaultID))
    let records = try source.ledger.records(customerID: Customer.defaultID)
    #expect(records.count == 2)

    let path = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    do {
      let old = try DatabaseQueue(location: .file(path))
      try LedgerSchema.migrator.migrate(old, upTo: ChangeStampSchema.migrationName)
      try old.write { db in
        try db.execute(
          """
          INSERT INTO customers (id, name, email, storefront, device_verification_id, created_ms)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
          [
            .text(customer.id), .text(customer.name), .text(customer.email),
            .text(customer.storefront), .text(customer.deviceVerificationID.uuidString),
            .integer(customer.createdDate.epochMilliseconds),
          ])
        for record in records { try JWSHeaderStorageTests.insertWhole(record, db: db) }
      }
    }
    let migrated = try EngineHarness(databasePath: path, clock: source.clock)
    let applied = try LedgerSchema.migrator.appliedMigrations(in: migrated.ledger.queue)
    // Later migrations (each adds its own tables) follow these.
    #expect(
      Array(applied.drop { $0 != JWSHeaderSchema.migrationName }.prefix(7)) == [
        JWSHeaderSchema.migrationName, SessionSwitchSchema.migrationName,
        ServerSchema.migrationName, NotificationSchema.migrationName,
        ServerRequestSchema.migrationName, RetentionSchema.migrationName,
        HistoryIndexSchema.migrationName,
      ])
    #expect(try migrated.ledger.records(customerID: Customer.defaultID) == records)
    // Old rows are not rewritten; new ones store their header once.
    let bought = try await migrated.buy(Demo.themes)
    let rows = try migrated.ledger.queue.read { db in
      try db.fetchAll("SELECT jws, jws_header FROM transactions ORDER BY id").map {
        (try $0.get(String.self, at: 0), try $0.get(Int64?.self, at: 1))
      }
    }
    #expect(rows.map(\.0).prefix(2) == records.compactMap { $0.signed?.jws }[...])
    #expect(rows.map(\.1) == [nil, nil, 1])
    let all = try migrated.ledger.records(customerID: Customer.defaultID)
    #expect(Array(all.prefix(2)) == records)
    #expect(all.last?.signed == bought)
    for record in all {
      let jws = try #require(record.signed?.jws)
      #expect(
        try migrated.verifier.verify(jws, as: JWSTransactionDecodedPayload.self).get()
          == .verified(try #require(record.signed?.payload)))
    }
  }
}
