import Foundation
import StoreCore
import StorePersistence
import StorePostgres
import StoreTermTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Signs nothing: kills its own process, from inside the write that records an event (after
/// the record and the event rows were sent, before the commit).
struct KillingNotificationWriter: NotificationWriter {
  func notification(
    for event: StoreEvent, transaction: SignedTransaction?, subscription: SubscriptionRecord?
  ) throws -> OutboxNotification? {
    kill(getpid(), SIGKILL)
    return nil
  }
}

/// Faults: a process killed in the middle of a change, and (on PostgreSQL) servers that cannot
/// be reached, refuse the seat, hold another application's data, or drop the connection.
@Suite struct LedgerFaultTests {
  @Test(arguments: LedgerBackend.available)
  func aProcessKilledMidChangeLeavesNothingHalfWritten(_ backend: LedgerBackend) async throws {
    let store = try backend.makeStore()
    try ContractEngine(store).buy(Demo.coins)
    let events = try store.open().events(after: 0, limit: 100)
    await #expect(processExitsWith: .signal(SIGKILL)) {
      [location = store.location as String, name = backend.rawValue as String] in
      let store = LedgerStore(
        backend: LedgerBackend(rawValue: name)!, location: location, scratch: nil)
      let seat = try ContractEngine(store)
      (seat.ledger as? SQLiteLedger)?.setNotificationWriter(KillingNotificationWriter())
      (seat.ledger as? PostgresLedger)?.setNotificationWriter(KillingNotificationWriter())
      try seat.buy(Demo.coins)
    }
    let ledger = try store.open()
    #expect(try ledger.records(customerID: Customer.defaultID).map(\.id) == [1])
    #expect(try ledger.events(after: 0, limit: 100) == events)
    // The dead writer's lock went with it: the next purchase goes through, with the next ID.
    #expect(try ContractEngine(store).buy(Demo.coins).payload.transactionId == "2")
  }

  @Test(arguments: LedgerBackend.available)
  func aPurchaseSurvivesItsProcessBeingKilledRightAfter(_ backend: LedgerBackend) async throws {
    let store = try backend.makeStore()
    _ = try store.open()
    await #expect(processExitsWith: .signal(SIGKILL)) {
      [location = store.location as String, name = backend.rawValue as String] in
      let store = LedgerStore(
        backend: LedgerBackend(rawValue: name)!, location: location, scratch: nil)
      try ContractEngine(store).buy(Demo.lifetime)
      kill(getpid(), SIGKILL)
    }
    let records = try store.open().records(customerID: Customer.defaultID)
    // (Signed by the child's own authority: the payload is what this process can check.)
    #expect(records.map(\.productID) == [Demo.lifetime])
    #expect(records.first?.signed?.payload.productId == Demo.lifetime)
  }

  @Test(arguments: LedgerBackend.available)
  func aReadOnlySeatChangesNothing(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    try ContractEngine(store).buy(Demo.coins)
    let seat = try store.open(readOnly: true)
    #expect(try seat.records(customerID: Customer.defaultID).count == 1)
    let error = #expect(throws: (any Error).self) {
      try seat.change(customerID: Customer.defaultID, scope: .none) { _ in (LedgerChanges(), 0) }
    }
    let sentence = String(describing: error!)
    #expect(sentence.contains("read-only"))
    #expect(!sentence.contains("\n"))
  }
}

/// What only a server can do wrong; skipped without `STORETERM_TEST_POSTGRES`.
@Suite(.enabled(if: postgresServer != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresFaultTests {
  static func expectOneSentence(_ error: PostgresError, _ kind: PostgresError.Kind) {
    #expect(error.kind == kind, "\(error)")
    #expect(!error.description.contains("\n"))
    #expect(!error.description.isEmpty)
  }

  @Test func anUnreachableServerIsOneSentence() throws {
    let error = #expect(throws: PostgresError.self) {
      try PostgresLedger(connectionString: "host=/nonexistent-storeterm port=1 dbname=x")
    }
    Self.expectOneSentence(try #require(error), .unreachable)
    #expect(error?.description.hasPrefix("the PostgreSQL server cannot be reached") == true)
  }

  @Test func aMalformedConnectionStringIsOneSentence() throws {
    let error = #expect(throws: PostgresError.self) {
      try PostgresLedger(connectionString: "host=a port")
    }
    Self.expectOneSentence(try #require(error), .badConnectionString)
  }

  @Test func anUnknownRoleAndAMissingDatabaseAreRefused() throws {
    let server = try #require(postgresServer)
    let role = #expect(throws: PostgresError.self) {
      try PostgresLedger(connectionString: server + " user=storeterm_nobody")
    }
    Self.expectOneSentence(try #require(role), .authentication)
    let database = #expect(throws: PostgresError.self) {
      try PostgresLedger(connectionString: server + " dbname=storeterm_missing_database")
    }
    Self.expectOneSentence(try #require(database), .noDatabase)
  }

  @Test func anotherApplicationsDatabaseIsRefusedUntouched() throws {
    let scratch = try PostgresScratch()
    let other = try PostgresConnection(scratch.connectionString)
    try other.run(script: "CREATE TABLE invoices (id BIGINT PRIMARY KEY)")
    let error = #expect(throws: PostgresError.self) {
      try PostgresLedger(connectionString: scratch.connectionString)
    }
    Self.expectOneSentence(try #require(error), .foreignDatabase)
    #expect(error?.description.contains("another application") == true)
    let tables = try other.fetchOne(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'")
    #expect(try tables?.int64("n") == 1)
  }

  @Test func aNewerStoretermsDatabaseIsRefused() throws {
    let scratch = try PostgresScratch()
    _ = try PostgresLedger(connectionString: scratch.connectionString)
    try PostgresConnection(scratch.connectionString).execute(
      "INSERT INTO storeterm_migrations (name) VALUES ($1)", [.text("a migration from 2030")])
    let error = #expect(throws: PostgresError.self) {
      try PostgresLedger(connectionString: scratch.connectionString)
    }
    Self.expectOneSentence(try #require(error), .foreignDatabase)
    #expect(error?.description.contains("newer storeterm") == true)
  }

  @Test func aTransactionInsideAnotherIsRefusedNotAwaited() throws {
    let scratch = try PostgresScratch()
    let database = try PostgresDatabase(connectionString: scratch.connectionString)
    let error = #expect(throws: PostgresError.self) {
      try database.write { _ in try database.read { _ in 1 } }
    }
    #expect(error?.description == "a database transaction was started inside another one")
    #expect(try database.read { db in try db.fetchOne("SELECT 1 AS one")?.int64("one") } == 1)
  }

  @Test func theServerRefusesChangesOnAReadOnlySession() throws {
    let scratch = try PostgresScratch()
    _ = try PostgresLedger(connectionString: scratch.connectionString)
    let session = try PostgresConnection(scratch.connectionString, readOnly: true)
    let error = #expect(throws: PostgresError.self) {
      try session.execute(
        "INSERT INTO counters (name, value) VALUES ($1, $2)", [.text("x"), .integer(1)])
    }
    #expect(error?.kind == .readOnly)
    #expect(error?.sqlState == "25006")
  }

  @Test func aDroppedConnectionIsReplacedBeforeTheNextTransaction() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let seat = try ContractEngine(store)
    try seat.buy(Demo.coins)
    let scratch = try #require(store.scratch)
    // The server ends every session of the database, as a restart does (waiting until they
    // are gone), while the seat's connection sits idle.
    try PostgresConnection(try #require(postgresServer)).execute(
      "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
        + " WHERE datname = $1 AND pid <> pg_backend_pid()", [.text(scratch.name)])
    #expect(try seat.ledger.records(customerID: Customer.defaultID).count == 1)
    #expect(try seat.buy(Demo.coins).payload.transactionId == "2")
  }

  @Test func aChangeSentInOneRoundTripFindsTheEndedSessionBeforeSendingIt() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let seat = try ContractEngine(store)
    try seat.buy(Demo.coins)
    try seat.buy(Demo.coins)
    let scratch = try #require(store.scratch)
    try PostgresConnection(try #require(postgresServer)).execute(
      "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
        + " WHERE datname = $1 AND pid <> pg_backend_pid()", [.text(scratch.name)])
    // The next purchase is decided from the last one and would carry its commit in its only
    // round trip: the seat sees the session ended first and sends it on a new connection.
    #expect(try seat.buy(Demo.coins).payload.transactionId == "3")
    #expect(try seat.ledger.records(customerID: Customer.defaultID).map(\.id) == [1, 2, 3])
  }
}
