import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StorePostgres
import StoreServer
import StoreTermTestSupport
import Testing

/// The App Store Server API over either backend's stores: the same requests get the same answers
/// from a SQLite file and from a PostgreSQL database (when `STORETERM_TEST_POSTGRES` names a
/// server).
@Suite struct ServerAPIBackendTests {
  enum Backend: String, CaseIterable, Sendable {
    case sqlite
    case postgres

    static var available: [Backend] {
      PostgresTestServer.connectionString == nil ? [.sqlite] : [.sqlite, .postgres]
    }
  }

  /// The demo store, its API and one registered key on `backend`.
  struct Server {
    let engine: StoreEngine
    let stores: ServerStores
    let api: AppStoreServerAPI
    let authority: TestCertificateAuthority
    let key: P256PrivateKey
    let serverKey: ServerKey
    /// Keeps a PostgreSQL scratch database until the test ends.
    let scratch: PostgresScratch?

    init(_ backend: Backend) throws {
      let clock = ManualClock(ServerHarness.start)
      let directory = try TestPaths.temporaryDirectory()
      authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory.path)
      let ledger: any Ledger
      switch backend {
      case .sqlite:
        let file = try SQLiteLedger(location: .file(directory.appending(path: "l.sqlite").path))
        stores = ServerStores(sqlite: file)
        scratch = nil
        ledger = file
        file.setNotificationWriter(Self.factory(authority, clock))
      case .postgres:
        let scratch = try PostgresScratch()
        let database = try PostgresLedger(connectionString: scratch.connectionString)
        database.setNotificationWriter(Self.factory(authority, clock))
        stores = database.serverStores()
        self.scratch = scratch
        ledger = database
      }
      engine = StoreEngine(
        catalog: ProductCatalog(configuration: FixtureCatalogs.demo), session: StoreSession(),
        ledger: ledger, signer: authority.makeSigner(), clock: clock,
        ids: SequentialIdentifiers(),
        factory: TransactionFactory(
          identity: ServerHarness.identity, hasher: SHA384DeviceVerificationHasher()))
      key = try P256PrivateKey.generate()
      serverKey = try stores.keys.addKey(
        keyID: "TESTKEY001", publicKeyDER: try APIKeyFiles.publicKeyDER(key),
        date: ServerHarness.start, makeIssuerID: { "57246542-96fe-1a63-e053-0824d011072a" })
      api = AppStoreServerAPI(
        engine: engine, stores: stores, signer: authority.makeSigner(), clock: clock,
        identity: ServerHarness.identity, realNow: { ServerHarness.start })
    }

    static func factory(_ authority: TestCertificateAuthority, _ clock: ManualClock)
      -> ServerNotificationFactory
    {
      ServerNotificationFactory(
        signer: authority.makeSigner(), clock: clock, ids: RandomIdentifiers(),
        identity: ServerHarness.identity)
    }

    func send(_ method: String, _ path: String, body: String = "") throws -> HTTPResponse {
      let token = try ServerHarness.token(
        key: key, serverKey: serverKey, realNow: ServerHarness.start)
      return api.handle(
        HTTPRequest(
          method: method, path: path,
          headers: [
            (name: "Authorization", value: "Bearer " + token),
            (name: "Content-Type", value: "application/json"),
          ], body: Array(body.utf8)))
    }

    func buy(_ productID: String, customer: String) throws -> SignedTransaction {
      guard case .success(let signed) = try engine.purchase(productID, customerID: customer)
      else { throw HarnessError("the purchase of \(productID) did not succeed") }
      return signed
    }

    func verified<Payload: SignedPayload>(_ jws: String, as type: Payload.Type) throws -> Payload {
      try authority.makeVerifier(configuration: ServerHarness.identity).verify(jws, as: type)
        .get().payloadValue
    }
  }

  @Test(arguments: Backend.available)
  func transactionsOrdersAndNotificationsAnswerAlike(_ backend: Backend) throws {
    let server = try Server(backend)
    let monthly = try server.buy(Demo.lite, customer: "ann")
    let coins = try server.buy(Demo.coins, customer: "ann")
    let info = try server.send("GET", "/inApps/v1/transactions/\(coins.id)")
    #expect(info.status == 200)
    let signed = try #require(info.json["signedTransactionInfo"]?.string)
    #expect(
      try server.verified(signed, as: JWSTransactionDecodedPayload.self).transactionId
        == String(coins.id))
    let orderID = try #require(try server.stores.keys.orderID(transactionID: monthly.id))
    let found = try server.send("GET", "/inApps/v1/lookup/\(orderID)")
    #expect(found.json["status"] == .integer(0))
    #expect(found.json["signedTransactions"]?.strings.count == 1)
    #expect(try server.send("GET", "/inApps/v1/lookup/NOSUCHORDR").json["status"] == .integer(1))
    let statuses = try server.send("GET", "/inApps/v1/subscriptions/\(monthly.id)")
    #expect(statuses.status == 200)
    let test = try server.send("POST", "/inApps/v1/notifications/test")
    let token = try #require(test.json["testNotificationToken"]?.string, "\(test.text)")
    let status = try server.send("GET", "/inApps/v1/notifications/test/\(token)")
    #expect(status.status == 200)
    #expect(status.json["sendAttempts"] == .array([]))
    let start = ServerHarness.start.epochMilliseconds - 1_000
    let history = try server.send(
      "POST", "/inApps/v1/notifications/history",
      body: #"{"startDate":\#(start),"endDate":\#(start + 86_400_000)}"#)
    #expect(history.status == 200)
    guard case .array(let items)? = history.json["notificationHistory"] else {
      Issue.record("no notificationHistory: \(history.text)")
      return
    }
    let types = try items.map { item in
      try server.verified(
        item["signedPayload"]?.string ?? "", as: ResponseBodyV2DecodedPayload.self
      ).notificationType
    }
    #expect(types == [.subscribed, .oneTimeCharge, .test])
    let unauthenticated = server.api.handle(
      HTTPRequest(method: "GET", path: "/inApps/v1/transactions/\(coins.id)"))
    #expect(unauthenticated.status == 401)
  }

  @Test(arguments: Backend.available)
  func changingRequestsAndRetentionAreKeptAlike(_ backend: Backend) throws {
    let server = try Server(backend)
    _ = try server.buy(Demo.lite, customer: "ann")
    let coins = try server.buy(Demo.coins, customer: "ann")
    let body =
      #"{"extendByDays":7,"extendReasonCode":3,"requestIdentifier":"outage-1","productId":"\#(Demo.lite)","storefrontCountryCodes":["USA"]}"#
    let mass = try server.send("POST", "/inApps/v1/subscriptions/extend/mass", body: body)
    #expect(mass.status == 200, "\(mass.text)")
    let extended = try server.send(
      "GET", "/inApps/v1/subscriptions/extend/mass/\(Demo.lite)/outage-1")
    #expect(
      extended.text
        == #"{"requestIdentifier":"outage-1","complete":true,"completeDate":\#(ServerHarness.start.epochMilliseconds),"succeededCount":1,"failedCount":0}"#
    )
    let consumption =
      #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED","consumptionPercentage":25000,"refundPreference":"GRANT_PRORATED"}"#
    #expect(
      try server.send(
        "PUT", "/inApps/v2/transactions/consumption/\(coins.id)", body: consumption
      ).status == 202)
    #expect(
      try server.stores.requests.consumption(transactionID: coins.id).map(\.bodyJSON) == [
        consumption
      ])
    let message = "7a2b3c4d-0000-4000-8000-000000000001"
    let uploaded = try server.send(
      "PUT", "/inApps/v1/messaging/message/\(message)", body: #"{"header":"Stay","body":"b"}"#)
    #expect(uploaded.status == 200, "\(uploaded.text)")
    let list = try server.send("GET", "/inApps/v1/messaging/message/list")
    guard case .array(let messages)? = list.json["messageIdentifiers"] else {
      Issue.record("no messageIdentifiers: \(list.text)")
      return
    }
    #expect(messages.compactMap { $0["messageIdentifier"]?.string } == [message])
  }
}
