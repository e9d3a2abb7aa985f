import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport
import Testing

/// Apple's Python client driven through every one of its public methods against the real
/// `storeterm serve`, in one run: each answer is Apple's shape, every signed item (and every
/// real-time request the server sends the harness's Get Retention Message endpoint) verifies.
@Suite(.serialized) struct ServerEveryMethodTests {
  /// Every public method of `AppStoreServerAPIClient` 3.1, by name; the run checks the
  /// library's own list against it.
  static let methods = [
    "configure_default_message", "configure_realtime_url", "delete_default_message",
    "delete_image", "delete_message", "delete_realtime_url",
    "extend_renewal_date_for_all_active_subscribers", "extend_subscription_renewal_date",
    "finish_transaction", "get_all_subscription_statuses", "get_app_transaction_info",
    "get_default_message", "get_image_list", "get_message_list", "get_notification_history",
    "get_performance_test_results", "get_realtime_url", "get_refund_history",
    "get_status_of_subscription_renewal_date_extensions", "get_test_notification_status",
    "get_transaction_history", "get_transaction_info", "initiate_performance_test",
    "look_up_order_id", "request_test_notification", "send_consumption_data",
    "send_consumption_information", "set_app_account_token", "upload_image", "upload_message",
  ]

  @Test func everyPublicMethodOfApplesClientGetsAnAppleShapedAnswer() throws {
    guard ServerOracle.required() else { return }
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let key = try ServerInteropTests().createKey(database: database)
    let clock = ManualClock(Date().addingTimeInterval(-3600))
    let (engine, ledger, authority) = try ServerInteropTests.seeding(
      database: database, directory: directory, clock: clock)
    func buy(_ product: String, _ customer: String = Customer.defaultID) throws
      -> SignedTransaction
    {
      clock.advance(by: 1)
      guard case .success(let signed) = try engine.purchase(product, customerID: customer) else {
        throw HarnessError("\(product) was not bought")
      }
      return signed
    }
    let monthly = try buy(Demo.monthly)
    let lifetime = try buy(Demo.lifetime)
    // Walker's app is not the one `storeterm serve` starts as (the default customer's), so
    // nothing delivers and finishes their purchases but what the test does.
    let finishedCoins = try buy(Demo.coins, "walker")
    try engine.finish(finishedCoins.id)
    let coins = try buy(Demo.coins, "walker")
    let themes = try buy(Demo.themes, "walker")
    let ann = try buy(Demo.lite, "ann")
    let order = try #require(
      try ServerDirectory(ledger: ledger).orderID(transactionID: lifetime.id))
    let root = directory.appending(path: "root.der").path
    try Data(authority.rootCertificate.der).write(to: URL(fileURLWithPath: root))
    let server = try ServerProcess(
      ["--db", database, "--environment", "Sandbox", "serve", "--listen", "127.0.0.1:0"],
      directory: directory)

    let full = "6f1c1d2e-0000-4000-8000-000000000001"
    let bullet = "6f1c1d2e-0000-4000-8000-000000000002"
    let withImage = "7a2b3c4d-0000-4000-8000-000000000001"
    let textOnly = "7a2b3c4d-0000-4000-8000-000000000002"
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let (m, l, c, a) = (String(monthly.id), String(lifetime.id), String(coins.id), String(ann.id))
    let t = String(themes.id)
    let plan: [[String: Any]] = [
      ["call": "transaction-info", "id": l],
      ["call": "history", "id": c],
      ["call": "history-v1", "id": c],
      ["call": "statuses", "id": m],
      ["call": "order", "orderId": order],
      ["call": "refunds", "id": m],
      ["call": "app-transaction", "id": m],
      ["call": "extend", "id": a, "days": 3, "requestIdentifier": "every-1"],
      ["call": "mass-extend", "productId": Demo.lite, "days": 2, "requestIdentifier": "every-m"],
      ["call": "mass-status", "productId": Demo.lite, "requestIdentifier": "every-m"],
      ["call": "consumption", "id": c],
      ["call": "consumption-v1", "id": c],
      ["call": "app-account-token", "id": a, "token": "5bd7f4c6-1f52-4d1e-9c61-2d3c4f0a9b7e"],
      ["call": "request-test-notification"],
      ["call": "test-notification-status", "token": "$TEST_TOKEN"],
      ["call": "notification-history", "startDate": now - 86_400_000, "endDate": now + 60_000],
      ["call": "finish", "id": c],
      ["call": "history-v1", "id": c],
      // Retention Messaging: images, messages, defaults, the real-time URL, a performance test.
      ["call": "upload-image", "id": full, "width": 3840, "height": 400],
      [
        "call": "upload-image", "id": bullet, "width": 96, "height": 96,
        "imageSize": "BULLET_POINT",
      ],
      ["call": "upload-image", "id": full, "width": 3840, "height": 400],
      [
        "call": "upload-image", "id": UUID().uuidString, "width": 3840, "height": 400,
        "alpha": true,
      ],
      ["call": "upload-image", "id": UUID().uuidString, "width": 1000, "height": 400],
      ["call": "image-list"],
      [
        "call": "upload-message", "id": withImage, "header": "Before you go",
        "body": "Your plan keeps 2 TB of photos safe.",
        "image": ["id": full, "altText": "A cloud"],
        "bulletPoints": [["text": "Family Sharing", "id": bullet, "altText": "Family"]],
      ],
      ["call": "upload-message", "id": textOnly, "header": "Stay", "body": "3 months at 2.99"],
      ["call": "message-list"],
      ["call": "delete-image", "id": full],
      [
        "call": "configure-default", "productId": Demo.monthly, "locale": "en-US",
        "messageId": withImage,
      ],
      ["call": "get-default", "productId": Demo.monthly, "locale": "en-US"],
      ["call": "serve-realtime", "answer": ["message": ["messageIdentifier": textOnly]]],
      ["call": "configure-realtime-url", "url": "$REALTIME_URL"],
      ["call": "get-realtime-url"],
      ["call": "performance-test", "id": m],
      ["call": "realtime-requests"],
      ["call": "delete-realtime-url"],
      ["call": "get-realtime-url"],
      ["call": "delete-default", "productId": Demo.monthly, "locale": "en-US"],
      ["call": "get-default", "productId": Demo.monthly, "locale": "en-US"],
      ["call": "delete-message", "id": withImage],
      ["call": "delete-image", "id": full],
      ["call": "delete-image", "id": full],
      ["call": "coverage"],
    ]
    let planPath = directory.appending(path: "plan.json").path
    try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: planPath))
    let run = try ServerOracle.run(
      baseURL: "http://127.0.0.1:\(server.port)", key: key.path, keyID: key.id,
      issuerID: key.issuer, root: root, plan: planPath)
    #expect(server.stop() == 0)
    #expect(run.status == 0, "\(run.error)")
    try #require(run.results.count == plan.count, "\(run.error)")
    let r = run.results
    func error(_ index: Int) -> (Int?, Int?) {
      (r[index]["httpStatus"] as? Int, r[index]["errorCode"] as? Int)
    }

    #expect(r[0]["transactionId"] as? String == l)
    #expect(r[1]["transactionIds"] as? [String] == [String(finishedCoins.id), c, t])
    // Version 1 leaves out the consumable the app finished; the unfinished one is there.
    #expect(r[2]["transactionIds"] as? [String] == [c, t])
    #expect(ServerInteropTests.firstItem(r[3])["status"] as? Int == 1)
    #expect(r[4]["transactionIds"] as? [String] == [l])
    #expect(r[5]["transactionIds"] as? [String] == [])
    #expect(r[6]["receiptType"] as? String == "Sandbox")
    #expect(r[7]["success"] as? Bool == true)
    #expect(r[8]["requestIdentifier"] as? String == "every-m")
    #expect(r[9]["complete"] as? Bool == true)
    #expect(r[10]["sent"] as? Bool == true)
    #expect(r[11]["sent"] as? Bool == true)
    #expect(r[12]["set"] as? Bool == true)
    #expect((r[13]["token"] as? String)?.isEmpty == false)
    #expect(r[14]["type"] as? String == "TEST")
    #expect(r[15]["notifications"] is [[String: Any]])
    #expect(r[16]["finished"] as? Bool == true)
    // Finished through the server, as `transaction.finish()` would: gone from version 1 and
    // from `Transaction.unfinished`.
    #expect(r[17]["transactionIds"] as? [String] == [t])
    #expect(try engine.unfinished(customerID: "walker").map(\.id) == [themes.id])

    #expect(r[18]["uploaded"] as? Bool == true)
    #expect(r[19]["uploaded"] as? Bool == true)
    #expect(error(20) == (409, 4_090_000))
    #expect(error(21) == (400, 4_000_161))
    #expect(error(22) == (400, 4_000_216))
    let images = r[23]["images"] as? [[String: String]] ?? []
    #expect(
      images == [
        ["id": full, "state": "APPROVED", "size": "FULL_SIZE"],
        ["id": bullet, "state": "APPROVED", "size": "BULLET_POINT"],
      ])
    #expect(r[24]["uploaded"] as? Bool == true)
    #expect(r[25]["uploaded"] as? Bool == true)
    #expect(
      r[26]["messages"] as? [[String: String]] == [
        ["id": withImage, "state": "APPROVED"], ["id": textOnly, "state": "APPROVED"],
      ])
    #expect(error(27) == (403, 4_030_019))
    #expect(r[28]["configured"] as? Bool == true)
    #expect(r[29]["messageId"] as? String == withImage)
    let url = r[30]["url"] as? String ?? ""
    #expect(r[31]["configured"] as? Bool == true)
    #expect(r[32]["url"] as? String == url)
    let test = r[33]
    #expect(test["result"] as? String == "PASS")
    #expect(test["target"] as? String == url)
    #expect(test["successRate"] as? Int == 100)
    #expect(test["numPending"] as? Int == 0)
    #expect(test["totalRequests"] as? Int == 50)
    #expect(test["responseTimeThreshold"] as? Int == 700)
    // Each of the test's requests was signed, and verified by Apple's verifier.
    #expect(r[34]["count"] as? Int == 50)
    #expect(r[34]["verified"] as? Int == 50)
    let request = (r[34]["requests"] as? [[String: String]])?.last ?? [:]
    #expect(request["originalTransactionId"] == m)
    #expect(request["productId"] == Demo.monthly)
    #expect(request["environment"] == "Sandbox")
    #expect(r[35]["deleted"] as? Bool == true)
    #expect(error(36) == (404, 4_040_021))
    #expect(r[37]["deleted"] as? Bool == true)
    #expect(error(38) == (404, 4_040_020))
    #expect(r[39]["deleted"] as? Bool == true)
    #expect(r[40]["deleted"] as? Bool == true)
    #expect(error(41) == (404, 4_040_014))
    let coverage = r[42]
    #expect(coverage["methods"] as? [String] == Self.methods)
    #expect(coverage["called"] as? [String] == Self.methods)
  }
}
