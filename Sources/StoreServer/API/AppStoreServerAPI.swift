import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// The App Store Server API over the ledger: authenticates each request, routes it to its
/// endpoint and answers with Apple's JSON, signing every item under storeterm's test CA.
///
/// Only data of the server's bundle ID and environment exists for it, as Apple's sandbox knows
/// only sandbox transactions: anything else is "not found".
public final class AppStoreServerAPI: Sendable {
  /// Transactions per page of Get Transaction History and Get Refund History, as Apple pages.
  public static let pageSize = 20

  let engine: StoreEngine
  let ledger: any Ledger
  let directory: any ServerKeyStore
  let signer: any Signer
  let clock: any StoreClock
  let identity: SignedDataConfiguration
  let tokens: BearerTokenVerifier
  let notifications: ServerNotificationFactory
  let outbox: any NotificationOutboxStore
  let requests: any ServerRequestStore
  let stores: ServerStores
  let realNow: @Sendable () -> Date
  let log: @Sendable (String) -> Void

  /// Serves `engine`'s SQLite ledger for `identity` (bundle ID and environment), signing with
  /// `signer` at `clock`'s simulated time; tokens are checked against the ledger's keys at
  /// real time `realNow()`; `log` gets one line per refused request.
  public convenience init(
    engine: StoreEngine, ledger: SQLiteLedger, signer: any Signer, clock: any StoreClock,
    identity: SignedDataConfiguration, realNow: @escaping @Sendable () -> Date,
    ids: any IdentifierGenerator = RandomIdentifiers(),
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.init(
      engine: engine, stores: ServerStores(sqlite: ledger), signer: signer, clock: clock,
      identity: identity, realNow: realNow, ids: ids, log: log)
  }

  /// Serves `engine`'s ledger through `stores` (SQLite's or PostgreSQL's), otherwise as the
  /// SQLite initializer does.
  public init(
    engine: StoreEngine, stores: ServerStores, signer: any Signer, clock: any StoreClock,
    identity: SignedDataConfiguration, realNow: @escaping @Sendable () -> Date,
    ids: any IdentifierGenerator = RandomIdentifiers(),
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    notifications = ServerNotificationFactory(
      signer: signer, clock: clock, ids: ids, identity: identity)
    self.stores = stores
    outbox = stores.outbox
    requests = stores.requests
    self.engine = engine
    ledger = stores.ledger
    let directory = stores.keys
    self.directory = directory
    self.signer = signer
    self.clock = clock
    self.identity = identity
    self.realNow = realNow
    self.log = log
    tokens = BearerTokenVerifier(bundleID: identity.bundleId) { try directory.key($0) }
  }

  /// Work for later requests, for a connection's thread once its response is sent
  /// (`HTTPServer`'s `afterResponse`): the signatures' nonces a response drew, computed again.
  public func useSpareTime() { signer.useSpareTime() }

  /// Answers one request; never throws, never crashes on input.
  ///
  /// A read-only endpoint, when nothing has fallen due, is answered inside one read snapshot of
  /// the stores: the key, the due check and the answer's reads share one database transaction
  /// (and so see one state) instead of taking one each.
  public func handle(_ request: HTTPRequest) -> HTTPResponse {
    let match = APIRoute.match(method: request.method, path: request.path)
    if case .route(let route) = match, route.isReadOnly {
      do {
        if let answer = try stores.reads.snapshot({ try answerReading(route, request) }) {
          return answer
        }
      } catch PersistenceError.reentrantAccess {
        // Something on the way wanted to write after all: answered below, outside the snapshot.
      } catch let error as APIError {
        return error.response
      } catch {
        log("\(request.method) \(request.path): 500 (\(error))")
        return APIError.internalError.response
      }
    }
    if let refusal = authenticate(request) { return refusal }
    switch match {
    case .unknownPath: return APIError.notFound.response
    case .wrongMethod: return APIError.methodNotAllowed.response
    case .route(let route):
      do {
        // What fell due by now (renewals, expiries) is generated first, as the App Store
        // would already have done.
        try engine.catchUp()
        return try answer(route, request)
      } catch let error as APIError {
        return error.response
      } catch {
        log("\(request.method) \(request.path): 500 (\(error))")
        return APIError.internalError.response
      }
    }
  }

  /// The answer to a read-only `route` from the snapshot the caller holds, or nil when
  /// something fell due and must be generated (a write) first.
  private func answerReading(_ route: APIRoute, _ request: HTTPRequest) throws -> HTTPResponse? {
    if let refusal = authenticate(request) { return refusal }
    guard try engine.isCaughtUp() else { return nil }
    return try answer(route, request)
  }

  /// The 401 for a request whose bearer token is refused; nil when it is accepted.
  private func authenticate(_ request: HTTPRequest) -> HTTPResponse? {
    do {
      try tokens.verify(authorization: request.header("Authorization"), now: realNow())
      return nil
    } catch {
      log("\(request.method) \(request.path): 401 (\(error))")
      return HTTPResponse(
        status: 401, contentType: "text/plain", body: Array("Unauthenticated\n".utf8))
    }
  }

  private func answer(_ route: APIRoute, _ request: HTTPRequest) throws -> HTTPResponse {
    switch route {
    case .transactionInfo(let id): try transactionInfo(id)
    case .transactionHistory(let id): try transactionHistory(id, request)
    case .subscriptionStatuses(let id): try subscriptionStatuses(id, request)
    case .orderLookup(let id): try orderLookup(id)
    case .refundHistory(let id): try refundHistory(id, request)
    case .appTransaction(let id): try appTransactionInfo(id)
    case .notificationHistory: try notificationHistory(request)
    case .requestTestNotification: try requestTestNotification()
    case .testNotificationStatus(let token): try testNotificationStatus(token)
    case .extendRenewalDate(let id): try extendRenewalDate(id, request)
    case .massExtendRenewalDate: try massExtendRenewalDate(request)
    case .massExtensionStatus(let product, let requestID):
      try massExtensionStatus(productID: product, requestIdentifier: requestID)
    case .consumption(let id, let version): try sendConsumption(id, version: version, request)
    case .appAccountToken(let id): try setAppAccountToken(id, request)
    case .transactionHistoryV1(let id): try transactionHistoryV1(id, request)
    case .finishTransaction(let id): try finishTransaction(id)
    case .messaging(let route): try retention(route, request)
    }
  }
}
