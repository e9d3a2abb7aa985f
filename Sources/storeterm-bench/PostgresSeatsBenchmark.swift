import Foundation
import StoreCore
import StoreJWS
import StorePostgres
import StoreServer
import StoreTermCLI
import StoreTermTestSupport
import Synchronization

/// `storeterm-bench seats`: a team on one PostgreSQL ledger.
///
/// Writer processes buy on overlapping customers (two on `a`, two on `b`, …) through
/// `storeterm purchase --db postgresql://…` while two headless UIs (customers `a` and `b`) stay
/// open and two `storeterm serve` processes deliver the outbox to one webhook (this program's
/// own listener on loopback); afterwards no identifier is lost or repeated, every JWS verifies
/// against the team's CA, both UIs count every transaction, and each notification reached the
/// webhook exactly once, verified. The server is `STORETERM_BENCH_POSTGRES`, as for `postgres`.
@MainActor
struct PostgresSeatsBenchmark {
  var writers = 4
  var purchases = 50

  func run() async throws -> Bool {
    guard let server = ProcessInfo.processInfo.environment["STORETERM_BENCH_POSTGRES"],
      !server.isEmpty
    else {
      print("seats: skipped (set STORETERM_BENCH_POSTGRES to a server's connection string)")
      return true
    }
    let name = "storeterm_bench_seats_" + String(ProcessInfo.processInfo.processIdentifier)
    let admin = try PostgresConnection(server)
    try admin.run(script: "DROP DATABASE IF EXISTS " + name)
    try admin.run(script: "CREATE DATABASE " + name)
    defer { try? admin.run(script: "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") }
    let uri = PostgresScratch.uri(server: server, database: name)
    let state = FileManager.default.temporaryDirectory
      .appending(path: "storeterm-bench-seats-\(ProcessInfo.processInfo.processIdentifier)").path
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: state) }
    let environment = ["XDG_STATE_HOME": state]
    // The first seat's purchase makes the team's CA; every process then signs with it.
    try await Self.purchase(uri: uri, customer: "a", environment: environment)
    let screens = [
      try await HeadlessFrontEnd(database: uri, customerID: "a", environment: environment),
      try await HeadlessFrontEnd(database: uri, customerID: "b", environment: environment),
    ]
    let webhook = try RecordingWebhook()
    defer { webhook.server.stop() }
    let serves = try (0..<2).map { _ in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = ["seats-serve", uri, webhook.url, state]
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      return process
    }
    defer {
      for serve in serves where serve.isRunning {
        serve.terminate()
        serve.waitUntilExit()
      }
    }
    let ledgerConnection = try PostgresConnection(server + " dbname=" + name)
    // Writers start once both `serve`s registered the webhook (polled, at most 30 s).
    try Self.poll("the serves to register the webhook") {
      try ledgerConnection.fetchOne(
        "SELECT count(*) AS n FROM notification_endpoints WHERE url = $1", [.text(webhook.url)]
      )?.int64("n") == 1 && serves.allSatisfy(\.isRunning)
    }
    // (The second `serve` finds the URL registered and shares the first one's row.)
    let customers = (0..<writers).map { ["a", "b"][$0 % 2] }
    let started = ContinuousClock.now
    let children = try customers.map { customer in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = ["seats-writer", uri, customer, String(purchases), state]
      try process.run()
      return process
    }
    for child in children { child.waitUntilExit() }
    let elapsed = ContinuousClock.now - started
    guard children.allSatisfy({ $0.terminationStatus == 0 }) else {
      throw SeatsFailure("a writer process failed")
    }
    let expected = 1 + writers * purchases
    let ledger = try PostgresLedger(connectionString: server + " dbname=" + name)
    let verifier = try TestCertificateAuthority.loadOrCreate(
      stateDirectory: (state as NSString).appendingPathComponent("storeterm")
    ).makeVerifier(configuration: SignedDataConfiguration())
    var ids: [UInt64] = []
    var verified = 0
    for customer in ["a", "b"] {
      for record in try ledger.records(customerID: customer) {
        ids.append(record.id)
        if let jws = record.signed?.jws,
          (try? verifier.verify(jws, as: JWSTransactionDecodedPayload.self).get())?.isVerified
            == true
        {
          verified += 1
        }
      }
    }
    let unique = Set(ids)
    let lost = expected - unique.count
    let duplicated = ids.count - unique.count
    // Every purchase after the webhook was registered has one notification: wait (bounded)
    // until each is recorded delivered, so no post can still be on its way, then stop both.
    let notifications = writers * purchases
    try Self.poll("every notification to be recorded delivered") {
      try ledgerConnection.fetchOne(
        "SELECT count(*) AS n FROM notification_deliveries WHERE delivered_ms IS NOT NULL"
      )?.int64("n") ?? 0 >= Int64(notifications)
    }
    for serve in serves {
      serve.terminate()
      serve.waitUntilExit()
    }
    let notificationVerifier = try TestCertificateAuthority.loadOrCreate(
      stateDirectory: (state as NSString).appendingPathComponent("storeterm")
    ).makeVerifier(configuration: SignedDataConfiguration())
    var posted: [UUID] = []
    var postsVerified = 0
    for payload in webhook.payloads {
      guard
        case .verified(let body)? = try? notificationVerifier.verify(
          payload, as: ResponseBodyV2DecodedPayload.self
        ).get()
      else { continue }
      postsVerified += 1
      posted.append(body.notificationUUID)
    }
    let postedOnce = Set(posted)
    let notificationsLost = notifications - postedOnce.count
    let notificationsDuplicated = webhook.payloads.count - postedOnce.count
    var shown: [Int] = []
    for screen in screens {
      await screen.takeInOtherProcesses()
      shown.append(screen.snapshot?.transactionPage?.total ?? 0)
      await screen.stop()
    }
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      String(
        format: "seats: %d processes × %d purchases (customers %@) in %.1f s, %.0f purchases/s;"
          + " lost %d, duplicated %d, JWS verified %d of %d; the two UIs count %@ (of %d)",
        writers, purchases, customers.joined(separator: ","), seconds,
        Double(writers * purchases) / seconds, lost, duplicated, verified, ids.count,
        shown.map(String.init).joined(separator: " and "), expected))
    print(
      "seats: two serves, one webhook: \(postedOnce.count) of \(notifications) notifications"
        + " delivered once, lost \(notificationsLost), duplicated \(notificationsDuplicated),"
        + " verified \(postsVerified) of \(webhook.payloads.count) posts")
    return lost == 0 && duplicated == 0 && verified == ids.count && ids.count == expected
      && shown.allSatisfy { $0 == expected } && notificationsLost == 0
      && notificationsDuplicated == 0 && postsVerified == webhook.payloads.count
  }

  /// Polls `done` every 50 ms, at most 60 s.
  private static func poll(_ what: String, _ done: () throws -> Bool) throws {
    for _ in 0..<1_200 {
      if try done() { return }
      usleep(50_000)
    }
    throw SeatsFailure("waited 60 s for \(what)")
  }

  /// `storeterm-bench seats-serve URI URL STATE`: one `storeterm serve` of `seats`, posting to
  /// URL, until SIGTERM.
  static func serve(uri: String, url: String, state: String) async -> Int32 {
    await StoreTermCommand.run(
      ["serve", "--db", uri, "--listen", "127.0.0.1:0", "--notify", url],
      output: StandardOutput(), environment: ["XDG_STATE_HOME": state])
  }

  /// `storeterm-bench seats-writer URI CUSTOMER N STATE`: one writer process's purchases.
  static func writer(uri: String, customer: String, purchases: Int, state: String) async throws {
    for _ in 0..<purchases {
      try await purchase(uri: uri, customer: customer, environment: ["XDG_STATE_HOME": state])
    }
  }

  private static func purchase(uri: String, customer: String, environment: [String: String])
    async throws
  {
    let output = CapturedOutput()
    let status = await StoreTermCommand.run(
      ["purchase", "dev.storeterm.demo.coins.100", "--db", uri, "--customer", customer],
      output: output, environment: environment)
    guard status == 0 else {
      throw SeatsFailure("purchase for \(customer): \(output.standardError)")
    }
  }
}

private struct SeatsFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
