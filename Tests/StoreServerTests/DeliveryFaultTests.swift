import Foundation
import StorePersistence
import StoreServer
import StoreTermTestSupport
import Testing

/// Delivery faults on demand: what a round of posts does under each (the pure plan), and a
/// developer's backend on Apple's library receiving duplicates with one `notificationUUID` and
/// recovering a dropped delivery through Get Notification History.
@Suite(.serialized) struct DeliveryFaultTests {
  static let start = Date(timeIntervalSince1970: 1_796_119_200)

  static func due(_ sequence: Int64, attempts: Int = 0, signedAfter seconds: TimeInterval = 0)
    -> DueDelivery
  {
    DueDelivery(
      sequence: sequence, url: "http://127.0.0.1:9/n", signedPayload: "jws\(sequence)",
      attempts: attempts, signedDate: start.addingTimeInterval(seconds))
  }

  @Test func eachFaultPlansTheRoundAsDocumented() {
    let now = Self.start.addingTimeInterval(100)
    let due = [Self.due(1, attempts: 2), Self.due(2), Self.due(3, signedAfter: 90)]
    #expect(DeliveryFaultPlan.steps(due, fault: nil, now: now) == due.map { .post($0) })
    #expect(
      DeliveryFaultPlan.steps(due, fault: DeliveryFault(kind: .drop), now: now)
        == due.map { .drop($0) })
    #expect(
      DeliveryFaultPlan.steps(due, fault: DeliveryFault(kind: .duplicate), now: now)
        == due.map { .postTwice($0) })
    #expect(
      DeliveryFaultPlan.steps(due, fault: DeliveryFault(kind: .drop, remaining: 1), now: now)
        == [.drop(due[0]), .post(due[1]), .post(due[2])])
    // A 30 s delay holds only the new notification signed 10 s ago; retries are never held.
    let delay = DeliveryFault(kind: .delay, delay: 30)
    #expect(DeliveryFaultPlan.steps(due, fault: delay, now: now) == [.post(due[0]), .post(due[1])])
    var released = delay
    released.releasedThrough = 3
    #expect(DeliveryFaultPlan.steps(due, fault: released, now: now) == due.map { .post($0) })
    // Reorder: new ones due together go newest first; a lone new one waits for the next.
    let reorder = DeliveryFault(kind: .reorder)
    #expect(
      DeliveryFaultPlan.steps(due, fault: reorder, now: now)
        == [.post(due[0]), .post(due[2]), .post(due[1])])
    #expect(DeliveryFaultPlan.steps([due[0], due[1]], fault: reorder, now: now) == [.post(due[0])])
    var releasedReorder = reorder
    releasedReorder.releasedThrough = 2
    #expect(
      DeliveryFaultPlan.steps([due[1]], fault: releasedReorder, now: now) == [.post(due[1])])
    #expect(DeliveryFault(kind: .drop, remaining: 2).words == "drop (2 left)")
    #expect(DeliveryFault(kind: .delay, delay: 300).words == "delay 300s")
  }

  @Test func aBackendGetsADuplicateWithTheSameUUIDAndIgnoresIt() throws {
    guard ServerOracle.required() else { return }
    let walk = try ReferenceBackend()
    defer { walk.stop() }
    let set = try walk.run([
      "notifications", "fault", walk.notificationURL, "duplicate", "--count", "1",
    ])
    #expect(set == "fault at \(walk.notificationURL): duplicate (1 left)\n")
    try walk.run(["purchase", "dev.storeterm.demo.coins.100"])
    try walk.run(["purchase", "dev.storeterm.demo.lifetime"])
    let posts = walk.waitForPosts(3)
    #expect(
      posts.map(ReferenceBackend.name) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
    try #require(posts.count == 3)
    #expect(posts[0]["uuid"] as? String == posts[1]["uuid"] as? String)
    #expect(posts[1]["duplicate"] as? Bool == true)
    #expect(posts[2]["uuid"] as? String != posts[0]["uuid"] as? String)
    #expect(posts[2]["duplicate"] == nil)
    #expect(posts.allSatisfy { $0["error"] == nil && $0["answered"] as? Int == 200 }, "\(posts)")
    // The count is spent: the fault is gone; the outbox shows two attempts for the first.
    let listed = try walk.json(["notifications"]) as? [[String: Any]] ?? []
    let deliveries = listed.compactMap { ($0["deliveries"] as? [[String: Any]])?.first }
    #expect(deliveries.map { $0["attempts"] as? Int } == [2, 1])
    #expect(!(try walk.run(["notifications"])).contains("fault at"))
    #expect(deliveries.allSatisfy { $0["fault"] is NSNull })
    // `--json` names the fault set on each delivery's URL.
    try walk.run(["notifications", "fault", walk.notificationURL, "drop"])
    let faulted = try walk.json(["notifications"]) as? [[String: Any]] ?? []
    let faults = faulted.compactMap { ($0["deliveries"] as? [[String: Any]])?.first?["fault"] }
    #expect(faults.count == 2)
    for fault in faults {
      let object = fault as? [String: Any]
      #expect(object?["kind"] as? String == "drop")
      #expect(object?["remaining"] is NSNull)
    }
    try walk.run(["notifications", "fault", walk.notificationURL, "none"])
  }

  @Test func aBackendRecoversADroppedDeliveryThroughNotificationHistory() throws {
    guard ServerOracle.required() else { return }
    let walk = try ReferenceBackend()
    defer { walk.stop() }
    try walk.run(["notifications", "fault", walk.notificationURL, "drop", "--count", "1"])
    let from = Int64(Date().timeIntervalSince1970 * 1000) - 60_000
    try walk.run(["purchase", "dev.storeterm.demo.coins.100"])
    // The drop is recorded as an attempt without an answer, its retry an hour away.
    let entries = try walk.waitForOutbox { entries in
      entries.first?.deliveries.first?.lastResult == "NO_RESPONSE"
    }
    let dropped = entries.first?.deliveries.first
    #expect(dropped?.lastResult == "NO_RESPONSE")
    #expect(dropped?.nextAttemptDate != nil)
    #expect(dropped?.deliveredDate == nil)
    try walk.run(["purchase", "dev.storeterm.demo.lifetime"])
    let live = walk.waitForPosts(1)
    #expect(live.count == 1)
    // The backend notices the gap and asks Get Notification History for the last minutes.
    let to = Int64(Date().timeIntervalSince1970 * 1000) + 60_000
    let body = #"{"startDate":\#(from),"endDate":\#(to)}"#
    let answer = try RawHTTPClient.exchange(
      port: walk.backend.port,
      "POST /recover HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n"
        + "Connection: close\r\n\r\n\(body)")
    #expect(answer.status == 200, "\(answer.body)")
    #expect(answer.body == #"{"recovered": 1}"#)
    // "Send the retry now": the dropped one arrives, and the backend knows it already.
    #expect(try walk.run(["notifications", "retry-now"]).hasPrefix("1 retry due now"))
    let posts = walk.waitForPosts(3)
    try #require(posts.count == 3, "\(posts)")
    #expect(posts[1]["recovered"] as? Bool == true)
    #expect(posts[1]["uuid"] as? String != posts[0]["uuid"] as? String)
    #expect(posts[2]["uuid"] as? String == posts[1]["uuid"] as? String)
    #expect(posts[2]["duplicate"] as? Bool == true)
    #expect(posts.allSatisfy { $0["error"] == nil }, "\(posts)")
  }
}
