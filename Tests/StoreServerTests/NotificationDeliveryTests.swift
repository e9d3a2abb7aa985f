import Foundation
import StoreCore
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

    init(failFirst: Bool, hold: String? = nil) throws {
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
        ] + (failFirst ? ["--fail-first"] : []) + (hold.map { ["--hold", $0] } ?? []),
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

    /// `storeterm notifications` once it shows `count` deliveries (the receiver logs a post
    /// before it answers, and the server records the answer after): polled, at most 30 s.
    func waitForDelivered(_ count: Int) throws -> String {
      var table = ""
      for _ in 0..<600 {
        table = try run(["notifications"])
        if table.components(separatedBy: "delivered").count - 1 >= count { break }
        usleep(50_000)
      }
      return table
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
    guard ServerOracle.required() else { return }
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
    let table = try walk.waitForDelivered(6)
    #expect(table.contains("SUBSCRIBED/INITIAL_BUY"))
    #expect(table.components(separatedBy: "delivered").count - 1 == 6, "\(table)")
  }

  /// Issue 19's walk: each step by a `storeterm` command on one ledger, each answered by the
  /// notification Apple documents for it, carrying the transaction Apple would put in it (for a
  /// subscription's status and preferences, its latest transaction, not the original).
  @Test func theIssuesWalkFromIntroOfferToFamilySharingGetsApplesNotificationsInOrder() throws {
    guard ServerOracle.required() else { return }
    let walk = try Walk(failFirst: false)
    defer { walk.stop() }
    // Purchase with the introductory offer (a free week), then its first paid renewal.
    try walk.run(["purchase", Self.monthly])
    try walk.run(["clock", "advance", "8d"])
    // The next renewal fails to bill, in the grace period; resolving it recovers.
    try walk.run(["settings", "billing-issues", "on"])
    try walk.run(["settings", "grace-period", "on"])
    try walk.run(["clock", "advance", "35d"])
    try walk.run(["settings", "billing-issues", "off"])
    try walk.run(["manage", "resolve", "2"])
    // An upgrade in the same group (level 1 over level 2) takes effect at once.
    try walk.run(["purchase", "dev.storeterm.demo.plus.premium.yearly"])
    // Any transaction of the chain names it; the notification carries the latest.
    try walk.run(["manage", "auto-renew-off", "1"])
    try walk.run(["clock", "advance", "366d"])
    try walk.run(["manage", "refund", "4"])
    // Ask to Buy: the request sends nothing, the approval a ONE_TIME_CHARGE.
    try walk.run(["purchase", "dev.storeterm.demo.lifetime", "--ask-to-buy"])
    try walk.run(["manage", "approve", "5"])
    // A family member joining receives their own copy of the shareable non-consumable.
    try walk.run(["family", "join", "smiths"])
    try walk.run(["family", "join", "smiths", "--customer", "kid"])
    let posts = walk.waitForPosts(10)
    #expect(
      posts.map(Self.name) == [
        "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_FAIL_TO_RENEW/GRACE_PERIOD",
        "DID_RENEW/BILLING_RECOVERY", "DID_CHANGE_RENEWAL_PREF/UPGRADE",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY", "REFUND",
        "ONE_TIME_CHARGE", "ONE_TIME_CHARGE",
      ], "\(posts)")
    #expect(posts.allSatisfy { $0["error"] == nil && $0["answered"] as? Int == 200 }, "\(posts)")
    #expect(
      posts.map { $0["transactionId"] as? String }
        == ["1", "2", "2", "3", "4", "4", "4", "4", "5", "6"])
    // Apple's offerType 1 is an introductory offer; only the first transaction has one.
    #expect(posts.map { $0["offerType"] as? Int } == [1] + Array(repeating: nil, count: 9))
    #expect(
      posts.map { $0["ownership"] as? String }
        == Array(repeating: "PURCHASED", count: 9) + ["FAMILY_SHARED"])
    // Apple's status: active, active, in grace (4), active, active, active, expired (2), revoked.
    #expect(
      posts.prefix(8).map { $0["status"] as? Int } == [1, 1, 4, 1, 1, 1, 2, 5], "\(posts)")
    #expect(Set(posts.compactMap { $0["uuid"] as? String }).count == 10)
    let table = try walk.waitForDelivered(10)
    #expect(table.components(separatedBy: "delivered").count - 1 == 10, "\(table)")
  }

  @Test func aServerKilledMidDeliveryDeliversTheRestAndNothingAcknowledgedTwice() throws {
    guard ServerOracle.required() else { return }
    let walk = try Walk(failFirst: false, hold: "ONE_TIME_CHARGE")
    defer { walk.stop() }
    try walk.run(["purchase", Self.monthly])
    try walk.run(["purchase", "dev.storeterm.demo.coins.100"])
    // The receiver holds the ONE_TIME_CHARGE post open: the server is mid-delivery.
    let before = walk.waitForPosts(2)
    #expect(before.map { $0["held"] as? Bool ?? false } == [false, true], "\(before)")
    let killed = walk.server.map { Int($0.killAbruptly()) }
    #expect(killed == 137)
    try walk.run(["manage", "auto-renew-off", "1"])
    try walk.startServer()
    let posts = walk.waitForPosts(4)
    #expect(posts.count == 4, "\(posts)")
    let acknowledged = posts.filter { $0["answered"] as? Int == 200 }
    #expect(
      acknowledged.map(Self.name) == [
        "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
      ])
    // Each notification acknowledged exactly once; the held one was posted again.
    let uuids = acknowledged.compactMap { $0["uuid"] as? String }
    #expect(Set(uuids).count == 3)
    #expect(posts[1]["uuid"] as? String == acknowledged[1]["uuid"] as? String)
    let table = try walk.waitForDelivered(3)
    #expect(table.components(separatedBy: "delivered").count - 1 == 3, "\(table)")
  }

  @Test func aReceiverThatAnswers500ThenGetsEachNotificationOnceMoreAfterTheRetry() throws {
    guard ServerOracle.required() else { return }
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

  @Test func applesClientReadsTheNotificationHistoryAndATestNotificationsStatus() throws {
    guard ServerOracle.required() else { return }
    let started = Date().addingTimeInterval(-3600).epochMilliseconds
    let walk = try Walk(failFirst: true)
    defer { walk.stop() }
    let created = try walk.run(["server-keys", "create", "--json"])
    let key = try JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any]
    try walk.run(["purchase", Self.monthly])
    for _ in 0..<21 { try walk.run(["purchase", "dev.storeterm.demo.coins.100"]) }
    #expect(walk.waitForPosts(22).count == 22)
    try walk.run(["clock", "advance", "2h"])
    #expect(walk.waitForPosts(44).filter { $0["answered"] as? Int == 200 }.count == 22)
    let end = Date().addingTimeInterval(86_400).epochMilliseconds
    func oracle(_ plan: [[String: Any]]) throws -> [[String: Any]] {
      let path = walk.directory.appending(path: "plan.json").path
      try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: path))
      let run = try ServerOracle.run(
        baseURL: "http://127.0.0.1:\(walk.server?.port ?? 0)",
        key: key?["privateKeyPath"] as? String ?? "", keyID: key?["keyId"] as? String ?? "",
        issuerID: key?["issuerId"] as? String ?? "",
        root: walk.directory.appending(path: "root.der").path, plan: path)
      #expect(run.status == 0, "\(run.error)")
      try #require(run.results.count == plan.count, "\(run.error)")
      return run.results
    }
    let results = try oracle([
      ["call": "notification-history", "startDate": started, "endDate": end],
      [
        "call": "notification-history", "startDate": started, "endDate": end,
        "notificationType": "SUBSCRIBED",
      ],
      ["call": "notification-history", "startDate": started, "endDate": end, "onlyFailures": true],
      ["call": "notification-history", "startDate": end, "endDate": started],
      ["call": "request-test-notification"],
    ])
    #expect(results[0]["pages"] as? [Int] == [20, 2])
    let all = results[0]["notifications"] as? [[String: Any]] ?? []
    #expect(
      all.map(Self.name) == ["SUBSCRIBED/INITIAL_BUY"]
        + Array(repeating: "ONE_TIME_CHARGE", count: 21))
    #expect(
      all.allSatisfy {
        $0["attempts"] as? [String] == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"]
      })
    #expect((results[1]["notifications"] as? [[String: Any]])?.count == 1)
    #expect((results[2]["notifications"] as? [[String: Any]])?.isEmpty == true)
    #expect(results[3]["errorCode"] as? Int == 4_000_013)
    let token = try #require(results[4]["token"] as? String)
    // The test notification is posted like any other (and refused once by this receiver).
    #expect(walk.waitForPosts(45).last.map(Self.name) == "TEST")
    let status = try oracle([
      ["call": "test-notification-status", "token": token],
      ["call": "test-notification-status", "token": "not-a-token"],
    ])
    #expect(status[0]["type"] as? String == "TEST")
    #expect(status[0]["attempts"] as? [String] == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE"])
    #expect(status[1]["errorCode"] as? Int == 4_000_020)
  }
}
