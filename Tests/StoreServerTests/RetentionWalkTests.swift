import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport
import Testing

/// Retention messaging end to end, with Apple's Python library as the developer's backend:
/// messages and the real-time URL configured through the Retention Messaging API, the
/// customer turning auto-renew off with `storeterm manage auto-renew-off`, the App Store
/// calling the backend's Get Retention Message endpoint (every request verified by Apple's
/// verifier), the offer shown and taken, the default message when the endpoint fails, and
/// every notification of the walk verified.
@Suite(.serialized) struct RetentionWalkTests {
  static let yearly = "dev.storeterm.demo.plus.yearly"

  @Test func configuredMessagesAndOffersAreWhatTheCustomerSeesAndTakes() throws {
    guard ServerOracle.required() else { return }
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let key = try ServerInteropTests().createKey(database: database)
    let clock = ManualClock(Date().addingTimeInterval(-3600))
    let (engine, _, authority) = try ServerInteropTests.seeding(
      database: database, directory: directory, clock: clock)
    func buy(_ product: String, _ customer: String) throws -> SignedTransaction {
      clock.advance(by: 1)
      guard case .success(let signed) = try engine.purchase(product, customerID: customer) else {
        throw HarnessError("\(product) was not bought")
      }
      return signed
    }
    let bob = try buy(Demo.monthly, "bob")
    let ann = try buy(Demo.monthly, "ann")
    let root = directory.appending(path: "root.der").path
    try Data(authority.rootCertificate.der).write(to: URL(fileURLWithPath: root))
    let server = try ServerProcess(
      ["--db", database, "--environment", "Sandbox", "serve", "--listen", "127.0.0.1:0"],
      directory: directory)

    let offerMessage = "7a2b3c4d-0000-4000-8000-00000000000a"
    let switchMessage = "7a2b3c4d-0000-4000-8000-00000000000b"
    let defaultMessage = "7a2b3c4d-0000-4000-8000-00000000000c"
    let manage = [StoreTermProcess.path, "--db", database, "--environment", "Sandbox", "manage"]
    let promotional: [String: Any] = [
      "promotionalOffer": [
        "messageIdentifier": offerMessage,
        "promotionalOfferSignatureV1": [
          "productId": Demo.monthly, "offerIdentifier": "plus.monthly.comeback",
          "nonce": "5bd7f4c6-1f52-4d1e-9c61-2d3c4f0a9b7e", "timestamp": 1_796_119_200_000,
          "keyId": "KEY1234567", "encodedSignature": "c2lnbmF0dXJl",
        ],
      ]
    ]
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let plan: [[String: Any]] = [
      [
        "call": "upload-message", "id": offerMessage, "header": "Stay with Plus",
        "body": "Keep Plus: 3 months at 2.99.",
      ],
      [
        "call": "upload-message", "id": switchMessage, "header": "Save with yearly",
        "body": "Two months free when you pay yearly.",
      ],
      [
        "call": "upload-message", "id": defaultMessage, "header": "Before you go",
        "body": "Your cloud library stays until the period ends.",
      ],
      [
        "call": "configure-default", "productId": Demo.monthly, "locale": "en-US",
        "messageId": defaultMessage,
      ],
      ["call": "serve-realtime", "answer": promotional],
      ["call": "configure-realtime-url", "url": "$REALTIME_URL"],
      // Bob turns auto-renew off, is shown the promotional offer and takes it.
      [
        "call": "run",
        "argv": manage + ["auto-renew-off", String(bob.id), "--take-offer", "--json"],
      ],
      ["call": "statuses", "id": String(bob.id)],
      // Ann is offered the yearly plan and takes it.
      [
        "call": "serve-realtime",
        "answer": [
          "alternateProduct": ["messageIdentifier": switchMessage, "productId": Self.yearly]
        ],
      ],
      ["call": "configure-realtime-url", "url": "$REALTIME_URL"],
      ["call": "run", "argv": manage + ["auto-renew-off", String(ann.id)]],
      ["call": "realtime-requests"],
      // The endpoint is gone: the default message, and auto-renew goes off.
      ["call": "configure-realtime-url", "url": "http://127.0.0.1:9/retention"],
      ["call": "run", "argv": manage + ["auto-renew-off", String(bob.id)]],
      ["call": "statuses", "id": String(bob.id)],
      // Nothing to take from a message alone: refused, nothing changes.
      ["call": "run", "argv": manage + ["auto-renew-off", String(bob.id), "--take-offer"]],
      [
        "call": "notification-history", "startDate": now - 7_200_000, "endDate": now + 60_000,
        "transactionId": String(bob.id),
      ],
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

    // The offer, as `--json` reports it, and the offer taken: a promotional offer on the
    // current plan starts at the next renewal, and auto-renew stays on.
    let taken = r[6]
    #expect(taken["status"] as? Int == 0, "\(taken["error"] ?? "")")
    let json =
      try JSONSerialization.jsonObject(with: Data((taken["output"] as? String ?? "").utf8))
      as? [String: Any] ?? [:]
    #expect(json["action"] as? String == "take-offer")
    let shown = json["retentionMessage"] as? [String: Any] ?? [:]
    #expect(shown["source"] as? String == "realtime")
    #expect(shown["messageIdentifier"] as? String == offerMessage)
    #expect((shown["message"] as? [String: Any])?["header"] as? String == "Stay with Plus")
    let offer = shown["promotionalOffer"] as? [String: String]
    #expect(offer == ["productId": Demo.monthly, "offerIdentifier": "plus.monthly.comeback"])
    let renewal = ServerInteropTests.firstItem(r[7])
    #expect(renewal["autoRenewStatus"] as? Int == 1)
    #expect(renewal["renewalOfferIdentifier"] as? String == "plus.monthly.comeback")
    #expect(renewal["renewalOfferType"] as? Int == 2)

    // Ann sees the switch-plan message and, without --take-offer, goes on cancelling.
    let annRun = r[10]
    #expect(annRun["status"] as? Int == 0, "\(annRun["error"] ?? "")")
    let annLines = (annRun["output"] as? String ?? "").split(separator: "\n").map(String.init)
    #expect(annLines.first == "retention message (realtime): Save with yearly")
    #expect(annLines.contains("  Two months free when you pay yearly."))
    #expect(annLines.contains("  offer: switch to Plus Yearly (\(Self.yearly))"))
    #expect(annLines.last?.hasPrefix("auto-renew turned off: ") == true)
    // Every request the App Store made was signed, and Apple's verifier took it.
    let requests = r[11]
    #expect(requests["count"] as? Int == 1)
    #expect(requests["verified"] as? Int == 1)
    let request = (requests["requests"] as? [[String: String]])?.first ?? [:]
    #expect(request["originalTransactionId"] == String(ann.id))
    #expect(request["productId"] == Demo.monthly)
    #expect(request["userLocale"] == "en-US")
    #expect(request["environment"] == "Sandbox")

    let fallback = r[13]
    #expect(fallback["status"] as? Int == 0, "\(fallback["error"] ?? "")")
    let lines = (fallback["output"] as? String ?? "").split(separator: "\n").map(String.init)
    #expect(lines.first == "retention message (default): Before you go")
    #expect(lines.dropFirst().first == "  Your cloud library stays until the period ends.")
    #expect(ServerInteropTests.firstItem(r[14])["autoRenewStatus"] as? Int == 0)
    let refused = r[15]
    #expect(refused["status"] as? Int == 1)
    #expect(
      refused["error"] as? String
        == "storeterm: \(bob.id): the App Store shows no retention offer to take for this subscription\n"
    )
    let kinds = (r[16]["notifications"] as? [[String: Any]] ?? []).map {
      "\($0["type"] as? String ?? "")/\($0["subtype"] as? String ?? "")"
    }
    #expect(kinds.contains("DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"))
  }
}
