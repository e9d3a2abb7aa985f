import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer
import Testing

/// The endpoints that change the ledger: renewal-date extensions (one and mass), consumption
/// information, the app account token; what each changes and Apple's errors for each.
@Suite struct ChangingEndpointTests {
  static let day: TimeInterval = 86_400

  /// A harness whose ledger writes notifications, as every `storeterm` process's does.
  func harness() throws -> ServerHarness {
    let harness = try ServerHarness()
    harness.ledger.setNotificationWriter(
      ServerNotificationFactory(
        signer: harness.authority.makeSigner(), clock: harness.clock,
        ids: SequentialIdentifiers(), identity: ServerHarness.identity))
    return harness
  }

  func extend(_ harness: ServerHarness, _ id: UInt64, days: Int = 30, request: String = "r1")
    throws -> HTTPResponse
  {
    try harness.send(
      "PUT", "/inApps/v1/subscriptions/extend/\(id)",
      body: #"{"extendByDays":\#(days),"extendReasonCode":1,"requestIdentifier":"\#(request)"}"#)
  }

  @Test func anExtensionMovesTheExpirationEverywhereAndNotifies() throws {
    let harness = try harness()
    let bought = try harness.buy(Demo.lite)
    let expires = try #require(bought.payload.expiresDate)
    harness.clock.advance(by: Self.day)
    let response = try extend(harness, bought.id)
    #expect(response.status == 200)
    let extended = expires + 30 * 86_400_000
    #expect(
      response.text
        == #"{"originalTransactionId":"\#(bought.id)","webOrderLineItemId":"\#(bought.payload.webOrderLineItemId ?? "")","success":true,"effectiveDate":\#(extended)}"#
    )
    // The engine, the renewal info and the signed transaction all say so.
    let status = try #require(
      try harness.engine.subscriptionStatuses(customerID: Customer.defaultID).first)
    #expect(status.subscription.expiresDate.epochMilliseconds == extended)
    #expect(status.renewalInfo.payload.renewalDate == extended)
    #expect(status.transaction.payload.expiresDate == extended)
    #expect(status.subscription.renewalExtensions.map(\.days) == [30])
    let statuses = try harness.get("/inApps/v1/subscriptions/\(bought.id)")
    let item = statuses.json["data"]?[0]?["lastTransactions"]?[0]
    let renewal = try harness.verified(
      item?["signedRenewalInfo"]?.string ?? "", as: JWSRenewalInfoDecodedPayload.self)
    #expect(renewal.renewalDate == extended)
    let transaction = try harness.verified(
      item?["signedTransactionInfo"]?.string ?? "", as: JWSTransactionDecodedPayload.self)
    #expect(transaction.expiresDate == extended)
    // One RENEWAL_EXTENDED notification, written with the event.
    let kinds = try NotificationOutbox(ledger: harness.ledger).entries().map(\.notification.kind)
    #expect(kinds.map(\.name) == ["SUBSCRIBED/INITIAL_BUY", "RENEWAL_EXTENDED"])
    // It renews at the new date, not the old one.
    harness.clock.advance(by: 40 * Self.day)
    try harness.engine.catchUp()
    let waiting = try harness.engine.subscriptionStatuses(customerID: Customer.defaultID).first
    #expect(waiting?.transaction.id == bought.id)
    #expect(waiting?.state == .subscribed)
    harness.clock.advance(by: 25 * Self.day)
    try harness.engine.catchUp()
    let renewed = try harness.engine.subscriptionStatuses(customerID: Customer.defaultID).first
    #expect(renewed?.transaction.payload.purchaseDate == extended)
  }

  @Test func theSameRequestIdentifierExtendsOnce() throws {
    let harness = try harness()
    let bought = try harness.buy(Demo.lite)
    let first = try extend(harness, bought.id, request: "same")
    let second = try extend(harness, bought.id, request: "same")
    #expect(first.status == 200)
    #expect(second.text == first.text)
    let state = try harness.engine.subscriptionStatuses(customerID: Customer.defaultID).first
    #expect(state?.subscription.renewalExtensions.count == 1)
  }

  @Test func aThirdExtensionWithinAYearIsRefused() throws {
    let harness = try harness()
    let bought = try harness.buy(Demo.lite)
    #expect(try extend(harness, bought.id, request: "a").status == 200)
    #expect(try extend(harness, bought.id, request: "b").status == 200)
    let third = try extend(harness, bought.id, request: "c")
    #expect(third.status == 403)
    #expect(third.json["errorCode"] == .integer(4_030_005))
  }

  @Test func expiredAndFreeTrialSubscriptionsAreIneligible() throws {
    let harness = try harness()
    let trial = try harness.buy(Demo.monthly)
    #expect(trial.payload.offerDiscountType == .freeTrial)
    let refused = try extend(harness, trial.id)
    #expect(refused.status == 403)
    #expect(refused.json["errorCode"] == .integer(4_030_004))
    let lite = try harness.buy(Demo.lite, customer: "other")
    try harness.engine.expireSubscription(lite.id)
    let expired = try extend(harness, lite.id)
    #expect(expired.status == 403)
    #expect(expired.json["errorCode"] == .integer(4_030_004))
  }

  @Test(arguments: [
    (#"{"extendByDays":91,"extendReasonCode":1,"requestIdentifier":"r"}"#, 4_000_009),
    (#"{"extendByDays":0,"extendReasonCode":1,"requestIdentifier":"r"}"#, 4_000_009),
    (#"{"extendByDays":1.5,"extendReasonCode":1,"requestIdentifier":"r"}"#, 4_000_009),
    (#"{"extendByDays":10,"extendReasonCode":4,"requestIdentifier":"r"}"#, 4_000_010),
    (#"{"extendByDays":10,"extendReasonCode":1}"#, 4_000_011),
    (#"{"extendByDays":10,"extendReasonCode":1,"requestIdentifier":""}"#, 4_000_011),
    (#"{"extendByDays":10,"#, 4_000_000), (#"[1,2]"#, 4_000_000), ("", 4_000_000),
  ])
  func badExtensionBodiesGetApplesErrors(_ body: String, _ code: Int) throws {
    let harness = try harness()
    let bought = try harness.buy(Demo.lite)
    let response = try harness.send(
      "PUT", "/inApps/v1/subscriptions/extend/\(bought.id)", body: body)
    #expect(response.status == 400)
    #expect(response.json["errorCode"] == .integer(code))
    #expect(try NotificationOutbox(ledger: harness.ledger).entries().count == 1)
  }

  @Test func extensionsNameTheOriginalTransaction() throws {
    let harness = try harness()
    let bought = try harness.buy(Demo.lite)
    harness.clock.advance(by: 32 * Self.day)
    try harness.engine.catchUp()
    let renewal = try #require(
      try harness.engine.subscriptionStatuses(customerID: Customer.defaultID).first?.transaction)
    #expect(renewal.id != bought.id)
    let response = try extend(harness, renewal.id)
    #expect(response.status == 404)
    #expect(response.json["errorCode"] == .integer(4_040_005))
    let malformed = try harness.send(
      "PUT", "/inApps/v1/subscriptions/extend/abc", body: #"{"extendByDays":1}"#)
    #expect(malformed.json["errorCode"] == .integer(4_000_008))
    let lifetime = try harness.buy(Demo.lifetime)
    #expect(try extend(harness, lifetime.id).json["errorCode"] == .integer(4_040_005))
  }

  @Test func familyCopiesFollowThePurchasersExtensionAndCannotBeExtendedThemselves() throws {
    let harness = try harness()
    for id in ["ann", "bob"] { _ = try harness.engine.joinFamily("smiths", customerID: id) }
    let bought = try harness.buy(Demo.cloud, customer: "ann")
    let copy = try #require(
      try harness.engine.records(customerID: "bob").first { $0.sharedFromID == bought.id })
    let response = try extend(harness, bought.id)
    #expect(response.status == 200)
    let extended = (bought.payload.expiresDate ?? 0) + 30 * 86_400_000
    let mirrored = try harness.engine.record(copy.id).signed?.payload
    #expect(mirrored?.expiresDate == extended)
    let refused = try extend(harness, copy.id)
    #expect(refused.status == 403)
    #expect(refused.json["errorCode"] == .integer(4_030_007))
  }

  @Test func aMassExtensionExtendsActiveSubscribersOnceAndSummarizes() throws {
    let harness = try harness()
    let ann = try harness.buy(Demo.lite, customer: "ann")
    let bob = try harness.buy(Demo.lite, customer: "bob")
    let gone = try harness.buy(Demo.lite, customer: "cat")
    try harness.engine.expireSubscription(gone.id)
    // Bob has had his two extensions this year: he is counted as failed.
    #expect(try extend(harness, bob.id, request: "x").status == 200)
    #expect(try extend(harness, bob.id, request: "y").status == 200)
    let body =
      #"{"extendByDays":7,"extendReasonCode":3,"requestIdentifier":"outage-1","productId":"\#(Demo.lite)","storefrontCountryCodes":["USA"]}"#
    let response = try harness.send("POST", "/inApps/v1/subscriptions/extend/mass", body: body)
    #expect(response.status == 200)
    #expect(response.text == #"{"requestIdentifier":"outage-1"}"#)
    let status = try harness.get("/inApps/v1/subscriptions/extend/mass/\(Demo.lite)/outage-1")
    #expect(
      status.text
        == #"{"requestIdentifier":"outage-1","complete":true,"completeDate":\#(ServerHarness.start.epochMilliseconds),"succeededCount":1,"failedCount":1}"#
    )
    let annExpires = try harness.engine.subscriptionStatuses(customerID: "ann").first?
      .subscription.expiresDate.epochMilliseconds
    #expect(annExpires == (ann.payload.expiresDate ?? 0) + 7 * 86_400_000)
    // Asked again: nothing more happens.
    _ = try harness.send("POST", "/inApps/v1/subscriptions/extend/mass", body: body)
    let entries = try NotificationOutbox(ledger: harness.ledger).entries()
    #expect(entries.filter { $0.notification.kind.name == "RENEWAL_EXTENDED" }.count == 3)
    let failures = entries.filter { $0.notification.kind.name == "RENEWAL_EXTENSION/FAILURE" }
    #expect(failures.map(\.notification.transactionID) == [bob.id])
    let summaries = entries.filter { $0.notification.kind.name == "RENEWAL_EXTENSION/SUMMARY" }
    #expect(summaries.count == 1)
    let payload = try harness.verified(
      summaries.first?.notification.signedPayload ?? "", as: ResponseBodyV2DecodedPayload.self)
    #expect(
      payload.summary
        == NotificationSummary(
          environment: .sandbox, bundleId: "dev.storeterm.demo", productId: Demo.lite,
          requestIdentifier: "outage-1", storefrontCountryCodes: ["USA"], succeededCount: 1,
          failedCount: 1))
    #expect(payload.data == nil)
  }

  @Test func massExtensionErrors() throws {
    let harness = try harness()
    func mass(_ extra: String) throws -> HTTPResponse {
      try harness.send(
        "POST", "/inApps/v1/subscriptions/extend/mass",
        body: #"{"extendByDays":7,"extendReasonCode":0,"requestIdentifier":"m",\#(extra)}"#)
    }
    #expect(try mass(#""productId":"nope""#).json["errorCode"] == .integer(4_000_023))
    #expect(try mass(#""productId":"\#(Demo.lifetime)""#).json["errorCode"] == .integer(4_000_023))
    #expect(
      try mass(#""productId":"\#(Demo.lite)","storefrontCountryCodes":[]"#).json["errorCode"]
        == .integer(4_000_027))
    #expect(
      try mass(#""productId":"\#(Demo.lite)","storefrontCountryCodes":["us"]"#).json["errorCode"]
        == .integer(4_000_028))
    let unknown = try harness.get("/inApps/v1/subscriptions/extend/mass/\(Demo.lite)/never")
    #expect(unknown.status == 404)
    #expect(unknown.json["errorCode"] == .integer(4_040_009))
    let wrongMethod = try harness.send(
      "PUT", "/inApps/v1/subscriptions/extend/mass", body: "{}")
    #expect(wrongMethod.status == 405)
  }

  @Test func consumptionInformationIsCheckedAndStored() throws {
    let harness = try harness()
    let coins = try harness.buy(Demo.coins)
    let lifetime = try harness.buy(Demo.lifetime)
    let good =
      #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED","consumptionPercentage":25000,"refundPreference":"GRANT_PRORATED"}"#
    let accepted = try harness.send(
      "PUT", "/inApps/v2/transactions/consumption/\(coins.id)", body: good)
    #expect(accepted.status == 202)
    #expect(accepted.body.isEmpty)
    let stored = try ServerRequests(ledger: harness.ledger).consumption(transactionID: coins.id)
    #expect(stored.map(\.version) == [2])
    #expect(stored.first?.bodyJSON == good)
    let cases: [(String, Int)] = [
      (
        #"{"customerConsented":false,"sampleContentProvided":false,"deliveryStatus":"DELIVERED"}"#,
        4_000_035
      ),
      (#"{"sampleContentProvided":false,"deliveryStatus":"DELIVERED"}"#, 4_000_035),
      (#"{"customerConsented":true,"deliveryStatus":"DELIVERED"}"#, 4_000_041),
      (
        #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"LOST"}"#,
        4_000_036
      ),
      (
        #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"UNDELIVERED_OTHER","consumptionPercentage":5}"#,
        4_000_000
      ),
      (
        #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED","consumptionPercentage":100001}"#,
        4_000_000
      ),
      (#"not json"#, 4_000_000),
    ]
    for (body, code) in cases {
      let response = try harness.send(
        "PUT", "/inApps/v2/transactions/consumption/\(coins.id)", body: body)
      #expect(response.status == 400, "\(body)")
      #expect(response.json["errorCode"] == .integer(code), "\(body)")
    }
    // Version 1 takes consumables and auto-renewable subscriptions only.
    let v1 =
      #"{"customerConsented":true,"consumptionStatus":2,"platform":1,"sampleContentProvided":false,"deliveryStatus":0,"appAccountToken":"","accountTenure":3,"playTime":2,"lifetimeDollarsRefunded":1,"lifetimeDollarsPurchased":2,"userStatus":1}"#
    #expect(
      try harness.send("PUT", "/inApps/v1/transactions/consumption/\(coins.id)", body: v1).status
        == 202)
    let nonConsumable = try harness.send(
      "PUT", "/inApps/v1/transactions/consumption/\(lifetime.id)", body: v1)
    #expect(nonConsumable.json["errorCode"] == .integer(4_000_047))
    let badPlatform = try harness.send(
      "PUT", "/inApps/v1/transactions/consumption/\(coins.id)",
      body: v1.replacingOccurrences(of: #""platform":1"#, with: #""platform":9"#))
    #expect(badPlatform.json["errorCode"] == .integer(4_000_039))
    let missing = try harness.send(
      "PUT", "/inApps/v2/transactions/consumption/9999", body: good)
    #expect(missing.json["errorCode"] == .integer(4_040_010))
    #expect(
      try ServerRequests(ledger: harness.ledger).consumption(transactionID: coins.id).count == 2)
  }

  @Test func theAppAccountTokenReachesLaterSignedData() throws {
    let harness = try harness()
    let bought = try harness.buy(Demo.lite)
    let token = "7e3fb20b-4cdb-47cc-936d-99d65f608138"
    let response = try harness.send(
      "PUT", "/inApps/v1/transactions/\(bought.id)/appAccountToken",
      body: #"{"appAccountToken":"\#(token)"}"#)
    #expect(response.status == 200)
    #expect(response.body.isEmpty)
    let info = try harness.get("/inApps/v1/transactions/\(bought.id)")
    let payload = try harness.verified(
      info.json["signedTransactionInfo"]?.string ?? "", as: JWSTransactionDecodedPayload.self)
    #expect(payload.appAccountToken == UUID(uuidString: token))
    harness.clock.advance(by: 32 * Self.day)
    try harness.engine.catchUp()
    let status = try harness.engine.subscriptionStatuses(customerID: Customer.defaultID).first
    #expect(status?.transaction.id != bought.id)
    #expect(status?.transaction.payload.appAccountToken == UUID(uuidString: token))
    #expect(status?.renewalInfo.payload.appAccountToken == UUID(uuidString: token))
    // A renewal is not an original transaction; a token must be a UUID.
    let renewalID = status?.transaction.id ?? 0
    let notOriginal = try harness.send(
      "PUT", "/inApps/v1/transactions/\(renewalID)/appAccountToken",
      body: #"{"appAccountToken":"\#(token)"}"#)
    #expect(notOriginal.json["errorCode"] == .integer(4_000_187))
    let notUUID = try harness.send(
      "PUT", "/inApps/v1/transactions/\(bought.id)/appAccountToken",
      body: #"{"appAccountToken":"abc"}"#)
    #expect(notUUID.json["errorCode"] == .integer(4_000_183))
    // No notification for it.
    #expect(
      try NotificationOutbox(ledger: harness.ledger).entries().map(\.notification.kind.name)
        == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
  }
}
