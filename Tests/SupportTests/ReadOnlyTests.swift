import Foundation
import StoreCore
import StorePersistence
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// `--read-only`: SQLite opens the ledger with `SQLITE_OPEN_READONLY`, every command that could
/// change anything refuses with one sentence, and the file stays byte-identical.
@Suite struct ReadOnlyTests {
  /// A ledger with a purchase, a pending request and a refund in it.
  static func ledger() async throws -> String {
    let db = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    for arguments in [
      ["purchase", "dev.storeterm.demo.plus.monthly"],
      ["purchase", "dev.storeterm.demo.lifetime", "--ask-to-buy"],
    ] {
      let run = await runStoreTerm(arguments + ["--db", db])
      #expect(run.status == 0, "\(run.standardError)")
    }
    return db
  }

  /// The bytes of the ledger and its WAL, to prove nothing was written.
  ///
  /// A missing WAL and an empty one are the same state: the last connection of an earlier
  /// in-process command deletes the file whenever it happens to close.
  static func snapshot(_ db: String) -> [Data] {
    [db, db + "-wal"].map { FileManager.default.contents(atPath: $0) ?? Data() }
  }

  /// Moves everything earlier commands wrote into the database file, so no lingering
  /// connection's checkpoint can change the file while a test watches it.
  static func settle(_ db: String) throws {
    let connection = try SQLiteConnection(location: .file(db))
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  @Test func everyCommandThatCouldChangeTheLedgerRefusesWithOneSentence() async throws {
    let db = try await Self.ledger()
    try Self.settle(db)
    let before = Self.snapshot(db)
    let mutating = StoreTermCommand.commands.filter {
      !["products", "customers", "customer", "refunds", "help", "ui"].contains($0.name)
    }
    #expect(mutating.count >= 12)
    for command in mutating {
      let arguments = Array(repeating: "1", count: command.minimumArgumentCount)
      let run = await runStoreTerm([command.name] + arguments + ["--read-only", "--db", db])
      #expect(run.status == ExitStatus.failure, "\(command.name)")
      #expect(run.standardOutput == "", "\(command.name)")
      #expect(
        run.standardError
          == "storeterm: --read-only: \(command.name) can change the ledger, so a read-only seat"
          + " cannot run it (read-only seats can run products, customers, customer, refunds and ui)\n"
      )
      #expect(run.standardError.filter { $0 == "\n" }.count == 1)
    }
    // Listing refund requests only reads, so a read-only seat runs it and writes nothing.
    let refunds = await runStoreTerm(["refunds", "--read-only", "--db", db])
    #expect(refunds.status == 0, "\(refunds.standardError)")
    #expect(Self.snapshot(db) == before)
  }

  @Test func readingCommandsWorkAndLeaveTheLedgerAsItWas() async throws {
    let db = try await Self.ledger()
    try Self.settle(db)
    let before = Self.snapshot(db)
    let customers = await runStoreTerm(["customers", "--read-only", "--db", db])
    #expect(customers.status == 0, "\(customers.standardError)")
    #expect(
      customers.standardOutput.contains("default  Default Customer  USA         Plus Monthly"))
    let customer = await runStoreTerm(["customer", "default", "--read-only", "--db", db, "--json"])
    #expect(customer.status == 0, "\(customer.standardError)")
    let json = try JSONParser.parse(customer.standardOutput)
    // In no family: the key is there, null.
    #expect(json["customer"]?["familyGroup"] == .null)
    guard case .array(let lines)? = json["entitlements"] else {
      Issue.record("no entitlements")
      return
    }
    #expect(
      lines.map { $0["code"] } == [
        .string("active"), .string("active"), .string("pending_ask_to_buy"),
      ])
    let products = await runStoreTerm(["products", "--read-only", "--db", db])
    #expect(products.status == 0)
    #expect(Self.snapshot(db) == before)
  }

  @Test func aMissingLedgerIsNotCreated() async throws {
    let folder = try TestPaths.temporaryDirectory().appending(path: "nothing")
    let db = folder.appending(path: "ledger.sqlite").path
    let run = await runStoreTerm(["customers", "--read-only", "--db", db])
    #expect(run.status == ExitStatus.failure)
    #expect(
      run.standardError
        == "storeterm: \(db) does not exist, and a read-only seat cannot create it\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func sqliteItselfRefusesWritesOnAReadOnlyConnection() async throws {
    let db = try await Self.ledger()
    let connection = try SQLiteConnection(
      location: .file(db), options: DatabaseOptions(readOnly: true))
    let count = try connection.fetchOne("SELECT count(*) FROM transactions")?.get(Int.self, at: 0)
    #expect(count == 2)
    do {
      try connection.execute("DELETE FROM transactions WHERE id = ?", [.integer(1)])
      Issue.record("the delete succeeded")
    } catch let error as SQLiteError {
      #expect(error.resultCode == 8)  // SQLITE_READONLY
    }
    let queue = try DatabaseQueue(location: .file(db), options: DatabaseOptions(readOnly: true))
    #expect(throws: PersistenceError.readOnly(path: db)) {
      try queue.write { db in try db.execute("DELETE FROM transactions") }
    }
    #expect(
      PersistenceError.readOnly(path: db).description
        == "\(db) is open read-only, so nothing can be changed")
  }

  @Test func aLedgerThatNeedsMigratingIsRefusedNotMigrated() throws {
    let db = try TestPaths.temporaryDirectory().appending(path: "old.sqlite").path
    // A ledger from before the support migration.
    let queue = try DatabaseQueue(location: .file(db))
    var migrator = Migrator()
    migrator.registerMigration("create customers, transactions and events") { db in
      try db.execute("CREATE TABLE customers (id TEXT PRIMARY KEY)")
    }
    try migrator.migrate(queue)
    #expect {
      _ = try SQLiteLedger(readOnlyAt: db)
    } throws: { error in
      guard case PersistenceError.outdatedDatabase(_, let pending) = error else { return false }
      return pending.contains("index customers for support and store imported App Store data")
    }
  }

  @Test func aReadOnlySeatAnswersAsOfTheFirstRenewalItCannotGenerate() async throws {
    let store = try SupportHarness()
    try store.buy(Demo.plusMonthly)
    // The ledger's simulated time is 20 Dec 2026, but nobody generated the 8 Dec renewal.
    try store.ledger.setClock(
      SimulatedClock(
        realAnchor: Date(), simulatedAnchor: SupportHarness.start.addingTimeInterval(19 * 86_400),
        rate: .realTime))
    let run = await runStoreTerm(["customer", "default", "--read-only", "--db", store.databasePath])
    #expect(run.status == 0, "\(run.standardError)")
    let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(
      lines.prefix(5) == [
        "customer default · Default Customer · default@storeterm.test · USA",
        "as of 8 Dec 2026 09:59 UTC (read-only: later renewals are not generated yet)",
        "",
        "PRODUCT                 ACCESS  WHY",
        "StoreTerm Plus (group)  yes     via Plus Monthly: active, renews 8 Dec 2026",
      ])
  }
}
