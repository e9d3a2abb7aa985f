import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StorePostgres
import StoreTermCLI
import StoreTermTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The command line on a PostgreSQL ledger, against a real server.
///
/// Several storeterm processes sharing one ledger, a process killed in the middle of time's
/// catch-up, and the faults a server adds. Skipped without `STORETERM_TEST_POSTGRES` (a
/// failure under `CI=true`, see `PostgresServerTests`).
@Suite(
  .enabled(if: PostgresTestServer.connectionString != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresCommandLineTests {
  static let purchasesPerProcess = 10

  @Test func fourProcessesAndThisOneBuyOnOverlappingCustomers() async throws {
    let scratch = try PostgresScratch()
    let db = scratch.uri
    // One seat's state folder for every process: one CA signs, one app records deliveries.
    let state = try TestPaths.temporaryDirectory().path
    let environment = ["XDG_STATE_HOME": state]
    let first = await runStoreTerm(
      ["purchase", "dev.storeterm.demo.coins.100", "--db", db, "--customer", "a"],
      environment: environment)
    #expect(first.status == 0, "\(first.standardError)")
    // Two seats' screens (headless) open before the writers start and must show where they end.
    let screens = [
      try await HeadlessFrontEnd(database: db, customerID: "a", environment: environment),
      try await HeadlessFrontEnd(database: db, customerID: "b", environment: environment),
    ]
    async let p1 = Self.child(db: db, customer: "a", state: state)
    async let p2 = Self.child(db: db, customer: "a", state: state)
    async let p3 = Self.child(db: db, customer: "b", state: state)
    async let p4 = Self.child(db: db, customer: "b", state: state)
    for _ in 0..<Self.purchasesPerProcess {
      let run = await runStoreTerm(
        ["purchase", "dev.storeterm.demo.coins.100", "--db", db, "--customer", "c"],
        environment: environment)
      #expect(run.status == 0, "\(run.standardError)")
    }
    _ = await (p1, p2, p3, p4)
    let ledger = try PostgresLedger(connectionString: scratch.connectionString)
    let authority = try TestCertificateAuthority.loadOrCreate(
      stateDirectory: (state as NSString).appendingPathComponent("storeterm"))
    let verifier = authority.makeVerifier(configuration: SignedDataConfiguration())
    var ids: [UInt64] = []
    for (customer, expected) in [
      ("a", 1 + 2 * Self.purchasesPerProcess), ("b", 2 * Self.purchasesPerProcess),
      ("c", Self.purchasesPerProcess),
    ] {
      let records = try ledger.records(customerID: customer)
      #expect(records.count == expected, "\(customer)")
      for record in records {
        let jws = try #require(record.signed?.jws)
        #expect(try verifier.verify(jws, as: JWSTransactionDecodedPayload.self).get().isVerified)
      }
      ids += records.map(\.id)
      let balances = await runStoreTerm(
        ["balances", "--json", "--db", db, "--customer", customer], environment: environment)
      #expect(balances.standardOutput.contains("\"balance\": \(expected)"), "\(customer)")
    }
    #expect(ids.sorted() == Array(1...UInt64(1 + 5 * Self.purchasesPerProcess)))
    for screen in screens {
      // What the watch does when the server tells it of a commit.
      await screen.takeInOtherProcesses()
      #expect(await screen.snapshot?.transactionPage?.total == 1 + 5 * Self.purchasesPerProcess)
      await screen.stop()
    }
  }

  private static func child(db: String, customer: String, state: String) async {
    await #expect(processExitsWith: .success) {
      [db = db as String, customer = customer as String, state = state as String] in
      for _ in 0..<PostgresCommandLineTests.purchasesPerProcess {
        let run = await runStoreTerm(
          ["purchase", "dev.storeterm.demo.coins.100", "--db", db, "--customer", customer],
          environment: ["XDG_STATE_HOME": state])
        if run.status != 0 {
          FileHandle.standardError.write(Data(run.standardError.utf8))
          exit(1)
        }
      }
    }
  }

  @Test(arguments: [1, 20, 42])
  func aKillDuringCatchUpIsRepairedByTheNextCommand(killAtSignature: Int) async throws {
    let scratch = try PostgresScratch()
    let db = scratch.uri
    for customer in ["a", "b", "c"] {
      let run = await runStoreTerm([
        "purchase", "dev.storeterm.demo.plus.monthly", "--db", db, "--customer", customer,
      ])
      #expect(run.status == 0, "\(run.standardError)")
    }
    let killed = try StoreTermProcess.run(
      ["clock", "advance", "365d", "--db", db], fault: "afterSigning#\(killAtSignature)")
    #expect(killed.status == 128 + SIGKILL, "\(killed.error)")
    for customer in ["a", "b", "c"] {
      let list = await runStoreTerm(["transactions", "--json", "--db", db, "--customer", customer])
      #expect(list.status == 0, "\(list.standardError)")
      guard case .array(let transactions) = try JSONParser.parse(list.standardOutput) else {
        Issue.record("not an array")
        return
      }
      // The trial plus twelve renewals, each starting where the previous period ended.
      #expect(transactions.count == 13, "\(customer)")
      var previousEnd: JSONValue?
      for transaction in transactions {
        if let previousEnd { #expect(transaction["purchaseDate"] == previousEnd) }
        previousEnd = transaction["expiresDate"]
      }
    }
  }

  @Test func refundRequestsAndPurchaseIntentsRunOnPostgres() async throws {
    let scratch = try PostgresScratch()
    let db = scratch.uri
    let environment = ["XDG_STATE_HOME": try TestPaths.temporaryDirectory().path]
    for arguments in [
      ["purchase", "dev.storeterm.demo.coins.100"], ["manage", "request-refund", "1"],
      ["manage", "decline-refund", "1"],
      ["purchase-intent", "dev.storeterm.demo.plus.monthly", "--customer", "kin"],
    ] {
      let result = await runStoreTerm(arguments + ["--db", db], environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
    }
    // A support seat lists the case read-only, as the writer left it.
    let listed = await runStoreTerm(
      ["refunds", "--json", "--read-only", "--db", db], environment: environment)
    #expect(listed.status == 0, "\(listed.standardError)")
    guard case .array(let cases) = try JSONParser.parse(listed.standardOutput) else {
      Issue.record("not an array: \(listed.standardOutput)")
      return
    }
    #expect(cases.count == 1)
    #expect(cases.first?["transactionId"] == .string("1"))
    #expect(cases.first?["decision"] == .string("declined"))
    let ledger = try PostgresLedger(connectionString: scratch.connectionString)
    let intents = try ledger.events(after: 0, limit: 100).filter { $0.kind == .purchaseIntentSent }
    #expect(intents.map(\.customerID) == ["kin"])
    #expect(intents.map(\.productID) == ["dev.storeterm.demo.plus.monthly"])
  }

  @Test func faultsAreOneSentenceAndChangeNothing() async throws {
    let refusedPassword = await runStoreTerm([
      "purchase", "dev.storeterm.demo.coins.100", "--db", "postgresql://u:hunter2@db/ledger",
    ])
    #expect(refusedPassword.status == ExitStatus.usage)
    #expect(!refusedPassword.standardError.contains("hunter2"))
    #expect(refusedPassword.standardError.hasPrefix("storeterm: --db: a connection URI must not"))
    let unreachable = await runStoreTerm([
      "status", "--db", "postgresql://storeterm@127.0.0.1:1/ledger?connect_timeout=2",
    ])
    #expect(unreachable.status == ExitStatus.failure)
    #expect(unreachable.standardError.split(separator: "\n").count == 1)
    #expect(unreachable.standardError.contains("cannot be reached"))
    let scratch = try PostgresScratch()
    // Another application's database: refused before anything is written.
    try PostgresConnection(scratch.connectionString).run(
      script: "CREATE TABLE invoices (id BIGINT PRIMARY KEY)")
    let foreign = await runStoreTerm([
      "purchase", "dev.storeterm.demo.coins.100", "--db", scratch.uri,
    ])
    #expect(foreign.status == ExitStatus.failure)
    #expect(foreign.standardError.contains("is not a storeterm ledger"))
    let tables = try PostgresConnection(scratch.connectionString).fetchOne(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'")
    #expect(try tables?.int64("n") == 1)
  }
}

/// A support seat on PostgreSQL: `--read-only` reads, refuses every change with one sentence,
/// and a role that may only read changes nothing either.
@Suite(
  .enabled(if: PostgresTestServer.connectionString != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresReadOnlySeatTests {
  @Test func aReadOnlySeatReadsAndChangesNothing() async throws {
    let scratch = try PostgresScratch()
    let db = scratch.uri
    let bought = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    #expect(bought.status == 0, "\(bought.standardError)")
    let ledger = try PostgresLedger(connectionString: scratch.connectionString)
    let before = try ledger.events(after: 0, limit: 100)
    // A month later a renewal is due; the read-only seat reads the ledger as it stands.
    try ledger.setClock(
      SimulatedClock(
        realAnchor: Date(), simulatedAnchor: Date().addingTimeInterval(40 * 86_400),
        rate: .realTime))
    let listed = await runStoreTerm(["transactions", "--json", "--read-only", "--db", db])
    #expect(listed.status == 0, "\(listed.standardError)")
    guard case .array(let transactions) = try JSONParser.parse(listed.standardOutput) else {
      Issue.record("not an array")
      return
    }
    #expect(transactions.count == 1)
    let refused = await runStoreTerm([
      "purchase", "dev.storeterm.demo.coins.100", "--read-only", "--db", db,
    ])
    #expect(refused.status == ExitStatus.failure)
    #expect(
      refused.standardError
        == "storeterm: --read-only: purchase can change the ledger, so a read-only seat cannot"
        + " run it (read-only seats on PostgreSQL can run products, transactions, entitlements,"
        + " status, customers, customer, refunds and ui)\n")
    #expect(try ledger.events(after: 0, limit: 100) == before)
  }
}

/// `storeterm db copy`: SQLite to PostgreSQL and back, verified, into empty ledgers only.
@Suite(
  .enabled(if: PostgresTestServer.connectionString != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresCopyTests {
  @Test func aLedgerCopiesToPostgresAndBackAndReadsTheSame() async throws {
    let folder = try TestPaths.temporaryDirectory()
    let sqlite = folder.appending(path: "ledger.sqlite").path
    let state = try TestPaths.temporaryDirectory().path
    let environment = ["XDG_STATE_HOME": state]
    for product in ["dev.storeterm.demo.plus.monthly", "dev.storeterm.demo.lifetime"] {
      let run = await runStoreTerm(["purchase", product, "--db", sqlite])
      #expect(run.status == 0, "\(run.standardError)")
    }
    #expect(await runStoreTerm(["clock", "advance", "40d", "--db", sqlite]).status == 0)
    // The team's seats sign with the first seat's CA.
    try FileManager.default.createDirectory(
      atPath: state + "/storeterm", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: folder.appending(path: "ca").path, toPath: state + "/storeterm/ca")
    let scratch = try PostgresScratch()
    let copied = await runStoreTerm(["db", "copy", sqlite, scratch.uri], environment: environment)
    #expect(copied.status == 0, "\(copied.standardError)")
    #expect(copied.standardOutput.contains("4 transactions, 1 subscriptions"))
    #expect(copied.standardOutput.contains("every JWS verified again (5 of 5)"))
    let original = await runStoreTerm(["transactions", "--json", "--db", sqlite])
    let listed = await runStoreTerm(
      ["transactions", "--json", "--db", scratch.uri], environment: environment)
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput == original.standardOutput)
    // Into a ledger that holds data: refused, nothing written.
    let again = await runStoreTerm(["db", "copy", sqlite, scratch.uri], environment: environment)
    #expect(again.status == ExitStatus.failure)
    #expect(again.standardError.contains("already holds customers or events"))
    let back = folder.appending(path: "back.sqlite").path
    let returned = await runStoreTerm(["db", "copy", scratch.uri, back], environment: environment)
    #expect(returned.status == 0, "\(returned.standardError)")
    // (Both ledgers moved on since the first copy: listing transactions finished them.)
    let reread = try SQLiteLedger(location: .file(back)).snapshot()
    let shared = try PostgresLedger(connectionString: scratch.connectionString).snapshot()
    #expect(reread.events == shared.events)
    #expect(reread.records == shared.records)
    #expect(reread.subscriptions == shared.subscriptions)
    #expect(reread.customers == shared.customers)
    #expect(reread.clock == shared.clock)
    #expect(reread.nextTransactionID == shared.nextTransactionID)
  }
}
