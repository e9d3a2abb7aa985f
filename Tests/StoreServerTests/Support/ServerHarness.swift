import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer
import StoreTermTestSupport

/// A simulated App Store with its server side, in process: the demo catalog on a ledger file,
/// a CA in the ledger's folder (where `storeterm` finds it too), Sandbox identity, one
/// registered API key, and tokens signed with it.
struct ServerHarness {
  /// 2026-12-01T10:00:00Z.
  static let start = Date(timeIntervalSince1970: 1_796_119_200)
  static let identity = SignedDataConfiguration(
    bundleId: "dev.storeterm.demo", environment: .sandbox)

  let directory: URL
  let engine: StoreEngine
  let clock: ManualClock
  let ledger: SQLiteLedger
  let authority: TestCertificateAuthority
  let api: AppStoreServerAPI
  let keys: ServerDirectory
  let key: P256PrivateKey
  let serverKey: ServerKey
  /// The real time the API checks tokens at.
  let realNow: Date

  init(
    clock: ManualClock = ManualClock(ServerHarness.start), realNow: Date = ServerHarness.start,
    identity: SignedDataConfiguration = ServerHarness.identity
  ) throws {
    directory = try TestPaths.temporaryDirectory()
    self.clock = clock
    self.realNow = realNow
    ledger = try SQLiteLedger(location: .file(directory.appending(path: "ledger.sqlite").path))
    authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory.path)
    engine = StoreEngine(
      catalog: ProductCatalog(configuration: FixtureCatalogs.demo), session: StoreSession(),
      ledger: ledger, signer: authority.makeSigner(), clock: clock, ids: SequentialIdentifiers(),
      factory: TransactionFactory(identity: identity, hasher: SHA384DeviceVerificationHasher()))
    keys = ServerDirectory(ledger: ledger)
    key = try P256PrivateKey.generate()
    serverKey = try keys.addKey(
      keyID: "TESTKEY001", publicKeyDER: try APIKeyFiles.publicKeyDER(key), date: realNow,
      makeIssuerID: { "57246542-96fe-1a63-e053-0824d011072a" })
    api = AppStoreServerAPI(
      engine: engine, ledger: ledger, signer: authority.makeSigner(), clock: clock,
      identity: ServerHarness.identity, realNow: { [realNow] in realNow })
  }

  /// A token as Apple's library makes one, with any claim overridden (`nil` drops it).
  func token(
    claims overrides: [String: JSONValue?] = [:],
    header headerOverrides: [String: JSONValue?] = [:],
    signingKey: P256PrivateKey? = nil
  ) throws -> String {
    try Self.token(
      key: signingKey ?? key, serverKey: serverKey, realNow: realNow, claims: overrides,
      header: headerOverrides)
  }

  /// A token signed with `key` for `serverKey` at `realNow`, as Apple's library makes one, with
  /// any claim or header field overridden (`nil` drops it).
  static func token(
    key: P256PrivateKey, serverKey: ServerKey, realNow: Date,
    claims overrides: [String: JSONValue?] = [:], header headerOverrides: [String: JSONValue?] = [:]
  ) throws -> String {
    let seconds = Int(realNow.timeIntervalSince1970)
    var claims: [(String, JSONValue?)] = [
      ("bid", .string("dev.storeterm.demo")), ("iss", .string(serverKey.issuerID)),
      ("aud", .string("appstoreconnect-v1")), ("exp", .integer(seconds + 300)),
    ]
    var header: [(String, JSONValue?)] = [
      ("typ", .string("JWT")), ("alg", .string("ES256")), ("kid", .string(serverKey.keyID)),
    ]
    func apply(_ overrides: [String: JSONValue?], to list: inout [(String, JSONValue?)]) {
      for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
        if let index = list.firstIndex(where: { $0.0 == name }) {
          list[index].1 = value
        } else {
          list.append((name, value))
        }
      }
    }
    apply(overrides, to: &claims)
    apply(headerOverrides, to: &header)
    func encode(_ list: [(String, JSONValue?)]) -> String {
      let object = JSONValue.object(
        list.compactMap { pair in pair.1.map { JSONMember(pair.0, $0) } })
      return Base64.urlEncode(Array(object.compactText.utf8))
    }
    let input = encode(header) + "." + encode(claims)
    let signature = try Array(input.utf8).withUnsafeBytes { try key.signES256($0) }
    return input + "." + Base64.urlEncode(signature)
  }

  /// A GET with a valid token.
  func get(_ path: String, query: [(name: String, value: String)] = []) throws -> HTTPResponse {
    api.handle(
      HTTPRequest(
        method: "GET", path: path, query: query,
        headers: [(name: "Authorization", value: "Bearer " + (try token()))]))
  }

  /// A request with a body (JSON text) and a valid token.
  func send(_ method: String, _ path: String, body: String) throws -> HTTPResponse {
    api.handle(
      HTTPRequest(
        method: method, path: path,
        headers: [
          (name: "Authorization", value: "Bearer " + (try token())),
          (name: "Content-Type", value: "application/json"),
        ], body: Array(body.utf8)))
  }

  /// Buys `productID` for `customer`.
  @discardableResult
  func buy(
    _ productID: String, customer: String = Customer.defaultID,
    _ options: PurchaseOptions = PurchaseOptions()
  ) throws -> SignedTransaction {
    guard
      case .success(let signed) = try engine.purchase(
        productID, customerID: customer, options: options)
    else { throw HarnessError("the purchase of \(productID) did not succeed") }
    return signed
  }

  /// Verifies `jws` as Apple's verifier would, in Sandbox, and returns its payload.
  func verified<Payload: SignedPayload>(_ jws: String, as type: Payload.Type) throws -> Payload {
    try authority.makeVerifier(configuration: ServerHarness.identity).verify(jws, as: type).get()
      .payloadValue
  }
}

/// A harness failure, as one sentence.
struct HarnessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension HTTPResponse {
  /// The body parsed as JSON.
  var json: JSONValue { (try? JSONParser.parse(body)) ?? .null }

  /// The body as text.
  var text: String { String(decoding: body, as: UTF8.self) }
}

extension JSONValue {
  /// The strings of an array value.
  var strings: [String] {
    guard case .array(let items) = self else { return [] }
    return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
  }

  /// Element `index` of an array value.
  subscript(index: Int) -> JSONValue? {
    guard case .array(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }

  /// The text of a string value.
  var string: String? { if case .string(let text) = self { text } else { nil } }
}

/// The demo catalog's product identifiers.
enum Demo {
  static let coins = "dev.storeterm.demo.coins.100"
  static let lifetime = "dev.storeterm.demo.lifetime"
  static let themes = "dev.storeterm.demo.themes"
  static let monthly = "dev.storeterm.demo.plus.monthly"
  static let cloud = "dev.storeterm.demo.cloud.200gb"
  /// Pay-as-you-go introductory price (not free), not family-shareable.
  static let lite = "dev.storeterm.demo.plus.lite.monthly"
}
