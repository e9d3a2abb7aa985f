import Foundation
import StoreCore
import StoreJWS
import StorePostgres
import StoreServer
import StoreTermTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `storeterm serve` on a PostgreSQL ledger, against a real server.
///
/// Writer processes buy on overlapping customers while two `serve`s deliver one outbox to one
/// webhook. Skipped without
/// `STORETERM_TEST_POSTGRES` (a failure under `CI=true`, see `PostgresServerTests`).
@Suite(
  .serialized,
  .enabled(if: PostgresTestServer.connectionString != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresServeTests {
  static let writers = ["a", "a", "b", "b"]
  static let purchasesPerWriter = 10

  @Test func twoServesDeliverEveryNotificationOnceWhileFourWritersBuy() async throws {
    let scratch = try PostgresScratch()
    let db = scratch.uri
    let state = try TestPaths.temporaryDirectory()
    let environment = [
      "PATH=/usr/bin:/bin", "HOME=\(state.path)", "XDG_STATE_HOME=\(state.path)",
    ]
    // The first command creates the schema and the one CA every process signs with.
    let first = try Self.storeterm(["purchase", Demo.coins, "--db", db], environment)
    #expect(first.status == 0, "\(first.error)")
    let webhook = try RecordingWebhook()
    defer { webhook.server.stop() }
    let serves = try (1...2).map { number in
      try ServerProcess(
        ["--db", db, "serve", "--listen", "127.0.0.1:0", "--notify", webhook.url],
        directory: state, environment: environment, name: "serve\(number)")
    }
    defer { for serve in serves { _ = serve.stop() } }
    // Each writer is a thread of its own running one `storeterm purchase` process after another.
    let failures = Mutex<[String]>([])
    let finished = DispatchGroup()
    for customer in Self.writers {
      finished.enter()
      Thread.detachNewThread {
        defer { finished.leave() }
        for _ in 0..<Self.purchasesPerWriter {
          let run = try? Self.storeterm(
            ["purchase", Demo.coins, "--db", db, "--customer", customer], environment)
          if run?.status != 0 { failures.withLock { $0.append(run?.error ?? "not run") } }
        }
      }
    }
    await withCheckedContinuation { continuation in
      finished.notify(queue: .global()) { continuation.resume() }
    }
    #expect(failures.withLock { $0 } == [])
    let expected = Self.writers.count * Self.purchasesPerWriter
    // Each purchase after the URL was registered is one ONE_TIME_CHARGE: wait (bounded) until
    // every one is recorded delivered, so no post can still be on its way.
    let ledger = try PostgresConnection(scratch.connectionString)
    var delivered: Int64 = 0
    for _ in 0..<600 {
      delivered =
        try ledger.fetchOne(
          "SELECT count(*) AS n FROM notification_deliveries WHERE delivered_ms IS NOT NULL")?
        .int64("n") ?? 0
      if delivered >= Int64(expected) { break }
      usleep(50_000)
    }
    #expect(delivered == Int64(expected))
    let outboxRows = try ledger.fetchOne("SELECT count(*) AS n FROM outbox")?.int64("n")
    #expect(outboxRows == Int64(expected + 1))
    for serve in serves { #expect(serve.stop() == 0) }
    let authority = try TestCertificateAuthority.loadOrCreate(
      stateDirectory: state.appending(path: "storeterm").path)
    let verifier = authority.makeVerifier(configuration: SignedDataConfiguration())
    var uuids: [UUID] = []
    for payload in webhook.payloads {
      let result = try verifier.verify(payload, as: ResponseBodyV2DecodedPayload.self).get()
      guard case .verified(let body) = result else {
        Issue.record("a posted notification does not verify")
        continue
      }
      #expect(body.notificationType == .oneTimeCharge)
      uuids.append(body.notificationUUID)
    }
    #expect(uuids.count == expected, "posted \(uuids.count) times")
    #expect(Set(uuids).count == expected, "\(uuids.count - Set(uuids).count) duplicated")
    // No transaction lost or repeated, whoever's process made it.
    var ids: [Int64] = []
    for row in try ledger.execute("SELECT id FROM transactions ORDER BY id") {
      ids.append(try row.int64("id"))
    }
    #expect(ids == Array(1...Int64(expected + 1)))
    let attempts = try ledger.fetchOne("SELECT count(*) AS n FROM notification_attempts")
    #expect(try attempts?.int64("n") == Int64(expected))
  }

  @Test func keysFaultsAndRetriesAreKeptInTheDatabase() throws {
    let scratch = try PostgresScratch()
    let db = scratch.uri
    let state = try TestPaths.temporaryDirectory()
    let environment = [
      "PATH=/usr/bin:/bin", "HOME=\(state.path)", "XDG_STATE_HOME=\(state.path)",
    ]
    let run = { (arguments: [String]) throws -> String in
      let outcome = try Self.storeterm(arguments + ["--db", db], environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
      return outcome.output
    }
    let created = try run([
      "server-keys", "create", "--json", "--out", state.appending(path: "k.p8").path,
    ])
    let keyID = try #require(try JSONParser.parse(created)["keyId"]?.string)
    #expect(try run(["server-keys", "list"]).contains(keyID))
    _ = try run(["server-keys", "revoke", keyID])
    #expect(try run(["server-keys", "list"]).contains("revoked"))
    // A drop fault on the webhook: the first post is lost, `retry-now` makes its retry due.
    let webhook = try RecordingWebhook()
    defer { webhook.server.stop() }
    #expect(
      try run(["notifications", "fault", webhook.url, "drop", "--count", "1"])
        == "fault at \(webhook.url): drop (1 left)\n")
    let serve = try ServerProcess(
      ["--db", db, "serve", "--listen", "127.0.0.1:0", "--notify", webhook.url],
      directory: state, environment: environment)
    defer { _ = serve.stop() }
    _ = try run(["purchase", Demo.coins])
    // The one notification's delivery to the webhook, once `count` attempts were recorded
    // (polled, at most 30 s): its attempts and last result.
    let attempted = { (count: Int) throws -> (Int, String) in
      var delivery: (Int, String) = (0, "")
      for _ in 0..<600 {
        let listed = try JSONParser.parse(try run(["notifications", "--json"]))
        if let first = listed[0]?["deliveries"]?[0], case .number(let text)? = first["attempts"],
          let made = Int(text)
        {
          delivery = (made, first["lastResult"]?.string ?? "")
          if made >= count { break }
        }
        usleep(50_000)
      }
      return delivery
    }
    #expect(try attempted(1) == (1, "NO_RESPONSE"))
    #expect(webhook.payloads.isEmpty)
    #expect(
      try run(["notifications", "retry-now"])
        == "1 retry due now; held notifications released\n")
    #expect(try attempted(2) == (2, "SUCCESS"))
    #expect(webhook.payloads.count == 1)
    #expect(!(try run(["notifications"]).contains("fault at")))
    // `reset` clears every transaction; identifiers still never repeat.
    _ = try run(["purchase", Demo.lifetime])
    #expect(try run(["transactions", "--json"]).contains("\"transactionId\": \"2\""))
    #expect(try run(["reset", "--yes"]).hasPrefix("deleted every transaction in postgresql:///"))
    #expect(try run(["transactions", "--json"]) == "[]\n")
    _ = try run(["purchase", Demo.lifetime])
    #expect(try run(["transactions", "--json"]).contains("\"transactionId\": \"3\""))
  }

  @Test func theSupportDeskFindsImportsAndExplainsOnPostgres() throws {
    let scratch = try PostgresScratch()
    let db = scratch.uri
    let state = try TestPaths.temporaryDirectory()
    let environment = [
      "PATH=/usr/bin:/bin", "HOME=\(state.path)", "XDG_STATE_HOME=\(state.path)",
    ]
    let run = { (arguments: [String]) throws -> String in
      let outcome = try Self.storeterm(arguments + ["--db", db], environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
      return outcome.output
    }
    _ = try run(["purchase", Demo.monthly, "--customer", "jane"])
    // A real signed transaction (its certificate chain makes it longer than a B-tree entry).
    let jws = state.appending(path: "1.jws").path
    try Data(try run(["jws", "1", "--customer", "jane"]).utf8).write(to: URL(filePath: jws))
    let root = state.appending(path: "root.der").path
    _ = try run(["cert", "--der", "--out", root])
    #expect(try run(["import", jws, "--root", root]).contains("1 verified"))
    #expect(try run(["import", jws, "--root", root]).contains("1 already imported"))
    let listed = try run(["customers", "--find", "1"])
    #expect(listed.contains("jane "))
    #expect(listed.contains("original:1"))
    #expect(try run(["customers", "--find", "jane", "--read-only"]).contains("Plus Monthly"))
    let explained = try run(["customer", "jane"])
    #expect(explained.contains("Plus Monthly          yes"))
    #expect(explained.contains("SUBSCRIBED/INITIAL_BUY"))
  }

  static func storeterm(_ arguments: [String], _ environment: [String]) throws
    -> Subprocess.Outcome
  {
    try Subprocess.run(StoreTermProcess.path, arguments, environment: environment)
  }
}
