import Foundation
import StorePersistence
import StoreTermTestSupport
import Testing

/// A ledger, `Scripts/reference-backend.py` (a developer's backend on Apple's library alone) and
/// `storeterm serve` posting its notifications to that backend, each a child process.
final class ReferenceBackend {
  let directory: URL
  let database: String
  let log: String
  let backend: ServerProcess
  var server: ServerProcess?

  /// Starts the backend with a server key of the ledger; `consumption` are its answers to
  /// consumption requests by transaction ID (`{"version": 2, "body": {…}}`).
  init(consumption: [String: Any] = [:], serveOptions: [String] = []) throws {
    directory = try TestPaths.temporaryDirectory()
    database = directory.appending(path: "ledger.sqlite").path
    log = directory.appending(path: "received.jsonl").path
    let root = directory.appending(path: "root.der").path
    let exported = try StoreTermProcess.run(["--db", database, "cert", "--der", "--out", root])
    #expect(exported.status == 0, "\(exported.error)")
    let created = try StoreTermProcess.run(
      ["--db", database, "--environment", "Sandbox", "server-keys", "create", "--json"])
    #expect(created.status == 0, "\(created.error)")
    let key =
      try JSONSerialization.jsonObject(with: Data(created.output.utf8)) as? [String: Any] ?? [:]
    let answers = directory.appending(path: "answers.json")
    try JSONSerialization.data(withJSONObject: consumption).write(to: answers)
    let script = TestPaths.packageRoot.appending(path: "Scripts/reference-backend.py").path
    let environment = ProcessInfo.processInfo.environment
    backend = try ServerProcess(
      [
        "python3", script, "--root", root, "--bundle-id", "dev.storeterm.demo", "--log", log,
        "--environment", "Sandbox", "--key", key["privateKeyPath"] as? String ?? "",
        "--key-id", key["keyId"] as? String ?? "", "--issuer-id", key["issuerId"] as? String ?? "",
        "--base-url-file", directory.appending(path: "base-url").path,
        "--consumption", answers.path,
      ],
      directory: directory, executable: "/usr/bin/env",
      environment: [
        "PATH=\(environment["PATH"] ?? "/usr/bin:/bin")", "HOME=\(environment["HOME"] ?? "/tmp")",
      ], name: "backend", marker: "listening on ")
    try startServer(serveOptions)
  }

  /// The URL storeterm posts notifications to.
  var notificationURL: String { "http://127.0.0.1:\(backend.port)/notifications" }

  func startServer(_ options: [String] = []) throws {
    let started = try ServerProcess(
      [
        "--db", database, "--environment", "Sandbox", "serve", "--listen", "127.0.0.1:0",
        "--notify", notificationURL,
      ] + options, directory: directory)
    try "http://127.0.0.1:\(started.port)".write(
      to: directory.appending(path: "base-url"), atomically: true, encoding: .utf8)
    server = started
  }

  /// Runs a storeterm command on the ledger, in Sandbox; expects it to succeed.
  @discardableResult
  func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> String
  {
    let outcome = try StoreTermProcess.run(
      ["--db", database, "--environment", "Sandbox"] + arguments)
    #expect(outcome.status == 0, "\(arguments): \(outcome.error)", sourceLocation: sourceLocation)
    return outcome.output
  }

  /// `run(arguments)`'s standard output parsed as JSON.
  func json(_ arguments: [String]) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(try run(arguments + ["--json"]).utf8))
  }

  /// What the backend logged, in order.
  var received: [[String: Any]] {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// Polls (every 50 ms, at most 30 s) until `count` posts were logged; returns them.
  func waitForPosts(_ count: Int) -> [[String: Any]] {
    for _ in 0..<600 {
      let posts = received
      if posts.count >= count { return posts }
      usleep(50_000)
    }
    return received
  }

  /// Polls the ledger in process (every 20 ms, at most 30 s) until the server recorded `count`
  /// Send Consumption Information bodies for transaction `id`.
  func waitForConsumption(_ id: UInt64, count: Int = 1) throws {
    let requests = ServerRequests(ledger: try SQLiteLedger(location: .file(database)))
    for _ in 0..<1500 where try requests.consumption(transactionID: id).count < count {
      usleep(20_000)
    }
  }

  /// Polls the ledger in process (every 20 ms, at most 30 s) until `done` holds for the
  /// outbox.
  func waitForOutbox(until done: ([OutboxEntry]) -> Bool) throws -> [OutboxEntry] {
    let outbox = NotificationOutbox(ledger: try SQLiteLedger(location: .file(database)))
    var entries = try outbox.entries()
    for _ in 0..<1500 where !done(entries) {
      usleep(20_000)
      entries = try outbox.entries()
    }
    return entries
  }

  /// Polls (every 50 ms, at most 30 s) until `done` holds for `storeterm refunds ID --json`.
  func waitForRefund(_ id: Int, until done: ([String: Any]) -> Bool) throws -> [String: Any] {
    var last: [String: Any] = [:]
    for _ in 0..<600 {
      last = (try json(["refunds", String(id)]) as? [[String: Any]])?.first ?? [:]
      if done(last) { return last }
      usleep(50_000)
    }
    return last
  }

  func stop() {
    _ = server?.stop()
    _ = backend.stop()
  }

  /// `TYPE` or `TYPE/SUBTYPE` of a logged post.
  static func name(_ post: [String: Any]) -> String {
    let type = post["type"] as? String ?? "?"
    return (post["subtype"] as? String).map { "\(type)/\($0)" } ?? type
  }
}
