import Foundation
import StoreTermTestSupport
import Testing

/// The proof of App Store Server Notifications V2: `storeterm serve --notify` posts to a receiver
/// on loopback that verifies every body with Apple's `SignedDataVerifier` (Sandbox, the exported
/// root) and records its type and subtype.
@Suite(.serialized) struct NotificationDeliveryTests {
  static let monthly = "dev.storeterm.demo.plus.monthly"

  /// One storeterm ledger with a receiver and a server posting to it.
  final class Walk {
    let directory: URL
    let database: String
    let log: String
    let receiver: ServerProcess
    var server: ServerProcess?

    init(failFirst: Bool) throws {
      directory = try TestPaths.temporaryDirectory()
      database = directory.appending(path: "ledger.sqlite").path
      log = directory.appending(path: "received.jsonl").path
      let root = directory.appending(path: "root.der").path
      let exported = try StoreTermProcess.run(["--db", database, "cert", "--der", "--out", root])
      #expect(exported.status == 0, "\(exported.error)")
      let script = TestPaths.packageRoot.appending(path: "Scripts/notification-receiver.py").path
      let environment = ProcessInfo.processInfo.environment
      receiver = try ServerProcess(
        [
          "python3", script, "--root", root, "--bundle-id", "dev.storeterm.demo", "--log", log,
          "--environment", "Sandbox",
        ] + (failFirst ? ["--fail-first"] : []),
        directory: directory, executable: "/usr/bin/env",
        environment: [
          "PATH=\(environment["PATH"] ?? "/usr/bin:/bin")", "HOME=\(environment["HOME"] ?? "/tmp")",
        ], name: "receiver", marker: "listening on ")
      try startServer()
    }

    func startServer() throws {
      server = try ServerProcess(
        [
          "--db", database, "--environment", "Sandbox", "serve", "--listen", "127.0.0.1:0",
          "--notify", "http://127.0.0.1:\(receiver.port)/notifications",
        ], directory: directory)
    }

    /// Runs a storeterm command on the ledger, in Sandbox.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
      let outcome = try StoreTermProcess.run(
        ["--db", database, "--environment", "Sandbox"] + arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
      return outcome.output
    }

    /// What the receiver logged, in order.
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

    func stop() {
      _ = server?.stop()
      _ = receiver.stop()
    }
  }

  static func name(_ post: [String: Any]) -> String {
    let type = post["type"] as? String ?? "?"
    return (post["subtype"] as? String).map { "\(type)/\($0)" } ?? type
  }

  @Test func aScriptedWalkGetsExactlyItsNotificationsInOrderVerifiedByApplesLibrary() throws {
    guard ServerOracle.shouldRun else {
      _ = ServerOracle.checkAvailable()
      return
    }
    #expect(ServerOracle.unavailableReason == nil, "\(ServerOracle.unavailableReason ?? "")")
    let walk = try Walk(failFirst: false)
    defer { walk.stop() }
    try walk.run(["purchase", Self.monthly])
    try walk.run(["purchase", "dev.storeterm.demo.coins.100"])
    try walk.run(["manage", "auto-renew-off", "1"])
    try walk.run(["manage", "auto-renew-on", "1"])
    try walk.run(["clock", "advance", "8d"])
    #expect(walk.waitForPosts(5).count == 5)
    // A server that stops loses nothing: what is written while it is down is posted on restart.
    _ = walk.server?.stop()
    try walk.run(["manage", "refund", "3"])
    try walk.startServer()
    let posts = walk.waitForPosts(6)
    #expect(
      posts.map(Self.name) == [
        "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_RENEW", "REFUND",
      ])
    #expect(posts.allSatisfy { $0["error"] == nil && $0["answered"] as? Int == 200 }, "\(posts)")
    #expect(posts.map { $0["transactionId"] as? String } == ["1", "2", "1", "1", "3", "3"])
    // Apple's status: active, then revoked after the refund.
    #expect(posts.first?["status"] as? Int == 1)
    #expect(posts.last?["status"] as? Int == 5)
    #expect(Set(posts.compactMap { $0["uuid"] as? String }).count == 6)
    let table = try walk.run(["notifications"])
    #expect(table.contains("SUBSCRIBED/INITIAL_BUY"))
    #expect(table.components(separatedBy: "delivered").count - 1 == 6, "\(table)")
  }

  @Test func aReceiverThatAnswers500ThenGetsEachNotificationOnceMoreAfterTheRetry() throws {
    guard ServerOracle.shouldRun else {
      _ = ServerOracle.checkAvailable()
      return
    }
    #expect(ServerOracle.unavailableReason == nil, "\(ServerOracle.unavailableReason ?? "")")
    let walk = try Walk(failFirst: true)
    defer { walk.stop() }
    try walk.run(["purchase", Self.monthly])
    let refused = walk.waitForPosts(1)
    #expect(refused.map { $0["answered"] as? Int } == [500])
    // Not acknowledged: the retry is due an hour later (simulated), and nothing comes before.
    let pending = try walk.run(["notifications", "--json"])
    let entries = try JSONSerialization.jsonObject(with: Data(pending.utf8)) as? [[String: Any]]
    let delivery = (entries?.first?["deliveries"] as? [[String: Any]])?.first
    #expect(delivery?["attempts"] as? Int == 1)
    #expect(delivery?["lastStatus"] as? Int == 500)
    #expect(delivery?["nextAttemptDate"] as? Int64 != nil)
    #expect(walk.received.count == 1)
    try walk.run(["clock", "advance", "2h"])
    let posts = walk.waitForPosts(2)
    #expect(posts.map { $0["answered"] as? Int } == [500, 200])
    #expect(posts.map(Self.name) == ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY"])
    #expect(posts.first?["uuid"] as? String == posts.last?["uuid"] as? String)
    // Acknowledged: never sent again. Past its next retry, a new notification's first post
    // shows the server has looked at the outbox since.
    try walk.run(["clock", "advance", "13h"])
    try walk.run(["purchase", "dev.storeterm.demo.coins.100"])
    let later = walk.waitForPosts(3)
    #expect(
      later.map(Self.name) == [
        "SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE",
      ])
    #expect(later.filter { $0["uuid"] as? String == posts.first?["uuid"] as? String }.count == 2)
    let table = try walk.run(["notifications"])
    #expect(table.contains("failed (HTTP 500), retry"), "\(table)")
  }
}
