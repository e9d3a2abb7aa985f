import Foundation
import StoreTermTestSupport
import Testing

/// The refund round trip with a developer's backend built on Apple's library alone: the
/// customer asks, the App Store sends `CONSUMPTION_REQUEST`, the backend answers with Send
/// Consumption Information (version 2, and version 1 for a subscription), QA decides each of
/// the three ways, then reverses a refund; every notification verified by Apple's library.
@Suite(.serialized) struct RefundRoundTripTests {
  static let coins = "dev.storeterm.demo.coins.100"
  static let monthly = "dev.storeterm.demo.plus.monthly"

  @Test func requestConsumptionInformationEachDecisionAndAReversal() throws {
    guard ServerOracle.required() else { return }
    let answers: [String: Any] = [
      "1": [
        "version": 2,
        "body": [
          "customerConsented": true, "sampleContentProvided": false,
          "rawDeliveryStatus": "DELIVERED", "consumptionPercentage": 25000,
          "rawRefundPreference": "GRANT_PRORATED",
        ],
      ],
      "2": [
        "version": 1,
        "body": [
          "customerConsented": true, "rawConsumptionStatus": 1, "rawPlatform": 1,
          "sampleContentProvided": false, "rawDeliveryStatus": 0, "appAccountToken": "",
          "rawAccountTenure": 0, "rawPlayTime": 0, "rawLifetimeDollarsRefunded": 0,
          "rawLifetimeDollarsPurchased": 0, "rawUserStatus": 1, "rawRefundPreference": 2,
        ],
      ],
      "3": [
        "version": 2,
        "body": [
          "customerConsented": true, "sampleContentProvided": true,
          "rawDeliveryStatus": "DELIVERED", "consumptionPercentage": 100_000,
          "rawRefundPreference": "DECLINE",
        ],
      ],
    ]
    let walk = try ReferenceBackend(consumption: answers)
    defer { walk.stop() }
    try walk.run(["purchase", Self.coins])
    try walk.run(["purchase", Self.monthly])
    try walk.run(["purchase", Self.coins])
    #expect(walk.waitForPosts(3).count == 3)

    // Each request: CONSUMPTION_REQUEST, the backend's answer recorded, then QA's decision.
    func request(_ id: Int, reason: String) throws {
      try walk.run(["manage", "request-refund", String(id), "--reason", reason])
      try walk.waitForConsumption(UInt64(id))
    }
    try request(1, reason: "UNINTENDED_PURCHASE")
    let first = try walk.waitForRefund(1) { _ in true }
    #expect(first["decision"] as? String == "waiting")
    try walk.run(["manage", "refund-prorated", "1", "--percentage", "75"])
    try request(2, reason: "FULFILLMENT_ISSUE")
    try walk.run(["manage", "refund", "2"])
    try request(3, reason: "OTHER")
    try walk.run(["manage", "decline-refund", "3"])
    try walk.run(["manage", "reverse-refund", "2"])

    let posts = walk.waitForPosts(10)
    #expect(
      posts.map(ReferenceBackend.name) == [
        "ONE_TIME_CHARGE", "SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "CONSUMPTION_REQUEST",
        "REFUND", "CONSUMPTION_REQUEST", "REFUND", "CONSUMPTION_REQUEST", "REFUND_DECLINED",
        "REFUND_REVERSED",
      ], "\(posts)")
    #expect(posts.allSatisfy { $0["error"] == nil && $0["answered"] as? Int == 200 }, "\(posts)")
    #expect(
      posts.map { $0["transactionId"] as? String } == [
        "1", "2", "3", "1", "1", "2", "2", "3", "3", "2",
      ])
    try #require(posts.count == 10)
    // The customer's reasons, and the backend's three answers accepted.
    #expect(
      [3, 5, 7].map { posts[$0]["consumptionRequestReason"] as? String } == [
        "UNINTENDED_PURCHASE", "FULFILLMENT_ISSUE", "OTHER",
      ])
    #expect([3, 5, 7].map { posts[$0]["consumptionSent"] as? String } == ["ok", "ok", "ok"])
    // Prorated: 75% in Apple's milliunits; full: 100%, for an issue with the app (the
    // customer said it did not work), the subscription revoked (status 5).
    #expect(posts[4]["revocationType"] as? String == "REFUND_PRORATED")
    #expect(posts[4]["revocationPercentage"] as? Int == 75000)
    #expect(posts[4]["revocationReason"] as? Int == 0)
    #expect(posts[6]["revocationType"] as? String == "REFUND_FULL")
    #expect(posts[6]["revocationPercentage"] as? Int == 100_000)
    #expect(posts[6]["revocationReason"] as? Int == 1)
    #expect(posts[6]["status"] as? Int == 5)
    // Declined: the transaction stands. Reversed: it stands again, the subscription active.
    #expect(posts[8]["revoked"] as? Bool == false)
    #expect(posts[9]["revoked"] as? Bool == false)
    #expect(posts[9]["revocationType"] is NSNull || posts[9]["revocationType"] == nil)
    #expect(posts[9]["status"] as? Int == 1)

    // What the App Store recorded, as `storeterm refunds` shows it.
    let listed = try walk.json(["refunds"]) as? [[String: Any]] ?? []
    try #require(listed.count == 3)
    let (second, third) = (listed[1], listed[2])
    func consumption(_ refund: [String: Any]) -> [String: Any] {
      (refund["consumptionInformation"] as? [[String: Any]])?.first ?? [:]
    }
    #expect(consumption(first)["version"] as? Int == 2)
    #expect(
      (consumption(first)["body"] as? [String: Any])?["refundPreference"] as? String
        == "GRANT_PRORATED")
    #expect(consumption(second)["version"] as? Int == 1)
    #expect((consumption(second)["body"] as? [String: Any])?["consumptionStatus"] as? Int == 1)
    #expect(
      (consumption(third)["body"] as? [String: Any])?["refundPreference"] as? String == "DECLINE")
    #expect(listed.map { $0["decision"] as? String } == ["refunded", "reversed", "declined"])
    #expect(listed.first?["revocationPercentage"] as? Int == 75000)
    let table = try walk.run(["refunds"])
    #expect(table.contains("refunded 75%"), "\(table)")
    #expect(table.contains("v1 · consumptionStatus 1"), "\(table)")
    #expect(table.contains("refund reversed"), "\(table)")
  }
}
