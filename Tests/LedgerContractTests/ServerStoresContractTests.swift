import Foundation
import StoreCore
import StorePersistence
import StorePostgres
import Testing

/// What `storeterm serve` keeps beside the engine's records (keys and order IDs, requests,
/// retention, the outbox and its deliveries), specified once through the ports and run against
/// every backend.
@Suite struct ServerStoresContractTests {
  static let day: TimeInterval = 86_400

  static func notification(_ number: Int, customer: String = "a") -> OutboxNotification {
    OutboxNotification(
      uuid: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)")!,
      kind: NotificationKind(.test, nil), signedPayload: "payload-\(number)",
      signedDate: ContractEngine.start.addingTimeInterval(TimeInterval(number)),
      bundleID: ContractEngine.identity.bundleId, environment: ContractEngine.identity.environment,
      customerID: customer, transactionID: nil)
  }

  @Test(arguments: LedgerBackend.available)
  func keysKeepOneIssuerAndOrderIDsFollowCharges(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    try seat.buy(Demo.lifetime)
    try seat.buy(Demo.plusMonthly)
    let keys = try store.openServerStores().keys
    let first = try keys.addKey(
      keyID: "KEY0000001", publicKeyDER: [1, 2, 255], date: ContractEngine.start,
      makeIssuerID: { "issuer-one" })
    let second = try keys.addKey(
      keyID: "KEY0000002", publicKeyDER: [3], date: ContractEngine.start.addingTimeInterval(1),
      makeIssuerID: { "issuer-two" })
    #expect(second.issuerID == "issuer-one")
    #expect(try keys.keys().map(\.keyID) == ["KEY0000001", "KEY0000002"])
    #expect(try keys.key("KEY0000001") == first)
    #expect(try keys.key("NOKEY") == nil)
    let revoked = ContractEngine.start.addingTimeInterval(60)
    #expect(try keys.revokeKey("KEY0000001", date: revoked))
    #expect(try keys.revokeKey("KEY0000001", date: revoked.addingTimeInterval(60)))
    #expect(try keys.key("KEY0000001")?.revokedDate == revoked)
    #expect(try keys.revokeKey("NOKEY", date: revoked) == false)
    // The same order IDs on both backends: the migrations' bijection of the identifier.
    #expect(try keys.orderID(transactionID: 1) == "5A6276A8C3")
    #expect(try keys.orderID(transactionID: 2) == "5A62A79368")
    #expect(try keys.transactionIDs(orderID: "5A62A79368") == [2])
    #expect(try keys.transactionIDs(orderID: "0000000000") == [])
  }

  @Test(arguments: LedgerBackend.available)
  func requestsAreRecordedOnceAndReadBack(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let seat = try ContractEngine(store)
    try seat.buy(Demo.plusMonthly)
    try seat.buy(Demo.coins)
    let stores = try store.openServerStores()
    let requests = stores.requests
    #expect(try requests.subscriptionOriginalIDs(productID: Demo.plusMonthly) == [1])
    #expect(try requests.subscriptionOriginalIDs(productID: Demo.coins) == [])
    let status = MassExtensionStatus(
      requestIdentifier: "r1", completeDate: ContractEngine.start, succeeded: 3, failed: 1)
    let identity = ContractEngine.identity
    #expect(
      try requests.recordMassExtension(
        productID: Demo.plusMonthly, status: status, identity: identity,
        requested: ContractEngine.start, summary: Self.notification(1)))
    #expect(
      try requests.recordMassExtension(
        productID: Demo.plusMonthly, status: status, identity: identity,
        requested: ContractEngine.start, summary: Self.notification(2)) == false)
    #expect(
      try requests.massExtension(
        productID: Demo.plusMonthly, requestIdentifier: "r1", identity: identity) == status)
    #expect(
      try requests.massExtension(
        productID: Demo.plusMonthly, requestIdentifier: "r2", identity: identity) == nil)
    // The summary went into the outbox with the record; the refused one did not.
    #expect(try stores.outbox.entry(uuid: Self.notification(1).uuid.uuidString.lowercased()) != nil)
    #expect(try stores.outbox.entry(uuid: Self.notification(2).uuid.uuidString.lowercased()) == nil)
    try requests.recordConsumption(
      transactionID: 2, version: 1, bodyJSON: "{\"a\":1}", date: ContractEngine.start)
    try requests.recordConsumption(
      transactionID: 2, version: 2, bodyJSON: "{\"b\":2}", date: ContractEngine.start + 1)
    let bodies = try requests.consumption(transactionID: 2)
    #expect(bodies.map(\.version) == [1, 2])
    #expect(bodies.map(\.bodyJSON) == ["{\"a\":1}", "{\"b\":2}"])
    #expect(bodies.last?.received == ContractEngine.start + 1)
    #expect(try requests.consumption(transactionID: 1).isEmpty)
  }

  @Test(arguments: LedgerBackend.available)
  func retentionChecksItsLimitsAndReferences(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let retention = try store.openServerStores().retention(for: ContractEngine.identity)
    let date = ContractEngine.start
    let image = RetentionImageRecord(
      id: "i1", size: "FULL_SIZE", state: "APPROVED", width: 3, height: 2)
    #expect(try retention.isConfigured() == false)
    try retention.addImage(image, png: [0x89, 0x50], limit: 2, date: date)
    #expect(throws: RetentionRefusal.alreadyExists) {
      try retention.addImage(image, png: [1], limit: 2, date: date)
    }
    var other = image
    other.id = "i2"
    try retention.addImage(other, png: [1], limit: 2, date: date + 1)
    other.id = "i3"
    #expect(throws: RetentionRefusal.limitReached) {
      try retention.addImage(other, png: [1], limit: 2, date: date + 2)
    }
    #expect(try retention.images().map(\.id) == ["i1", "i2"])
    #expect(try retention.image(id: "i1") == image)
    let message = RetentionMessageRecord(
      id: "m1", state: "APPROVED",
      message: RetentionMessage(
        header: "Stay", body: "Three months",
        image: RetentionMessage.Image(imageIdentifier: "i1", altText: "Cloud"), bulletPoints: []))
    try retention.addMessage(message, limit: 5, date: date)
    #expect(throws: RetentionRefusal.alreadyExists) {
      try retention.addMessage(message, limit: 5, date: date)
    }
    #expect(try retention.messages() == [message])
    #expect(try retention.message(id: "m1") == message)
    #expect(throws: RetentionRefusal.inUse) { try retention.deleteImage(id: "i1") }
    try retention.deleteImage(id: "i2")
    #expect(throws: RetentionRefusal.notFound) { try retention.deleteImage(id: "i2") }
    try retention.setDefault(productID: Demo.plusMonthly, locale: "en-US", messageID: "m1")
    #expect(try retention.isConfigured())
    #expect(try retention.defaultMessageID(productID: Demo.plusMonthly, locale: "en-US") == "m1")
    try retention.deleteMessage(id: "m1")
    #expect(try retention.defaultMessageID(productID: Demo.plusMonthly, locale: "en-US") == nil)
    #expect(throws: RetentionRefusal.notFound) { try retention.deleteMessage(id: "m1") }
    #expect(throws: RetentionRefusal.notFound) {
      try retention.deleteDefault(productID: Demo.plusMonthly, locale: "en-US")
    }
    try retention.setRealtimeURL("https://a.example/r")
    try retention.setRealtimeURL("https://b.example/r")
    #expect(try retention.realtimeURL() == "https://b.example/r")
    try retention.deleteRealtimeURL()
    #expect(throws: RetentionRefusal.notFound) { try retention.deleteRealtimeURL() }
    try retention.startPerformanceTest(
      requestID: "t1", originalTransactionID: "7", target: "https://b.example/r", date: date)
    #expect(throws: RetentionRefusal.alreadyExists) {
      try retention.startPerformanceTest(
        requestID: "t2", originalTransactionID: "7", target: "https://b.example/r", date: date)
    }
    #expect(try retention.pendingPerformanceTests() == ["t1"])
    try retention.finishPerformanceTest(requestID: "t1", resultJSON: "{}")
    #expect(try retention.pendingPerformanceTests() == [])
    #expect(
      try retention.performanceTest(requestID: "t1")
        == RetentionPerformanceTest(
          requestID: "t1", originalTransactionID: "7", target: "https://b.example/r",
          started: date, resultJSON: "{}"))
    // Another app's configuration is its own.
    let sandbox = try store.openServerStores().retention(
      for: SignedDataConfiguration(bundleId: "other.app", environment: .sandbox))
    #expect(try sandbox.images() == [])
  }

  @Test(arguments: LedgerBackend.available)
  func theOutboxDeliversWhatIsDueAndKeepsEveryAttempt(_ backend: LedgerBackend) throws {
    let store = try backend.makeStore()
    let outbox = try store.openServerStores().outbox
    let identity = ContractEngine.identity
    let url = "http://127.0.0.1:9/n"
    try outbox.enqueue(Self.notification(1))
    // A URL gets what is written after it was first registered.
    try outbox.register(url: url, date: ContractEngine.start)
    try outbox.register(url: url, date: ContractEngine.start + 5)
    try outbox.enqueue(Self.notification(2))
    try outbox.enqueue(Self.notification(3, customer: "b"))
    let now = ContractEngine.start + 60
    let claim = try outbox.claimDue(
      url: url, bundleID: identity.bundleId, environment: identity.environment, now: now,
      limit: 10)
    #expect(claim.due.map(\.signedPayload) == ["payload-2", "payload-3"])
    #expect(claim.due.map(\.attempts) == [0, 0])
    #expect(claim.due.first?.signedDate == Self.notification(2).signedDate)
    try claim.record(
      SendAttempt(date: now, result: "SUCCESS", httpStatus: 200, url: url),
      sequence: claim.due[0].sequence, delivered: true, nextAttempt: nil)
    try claim.record(
      SendAttempt(date: now, result: "UNSUCCESSFUL_HTTP_RESPONSE_CODE", httpStatus: 500, url: url),
      sequence: claim.due[1].sequence, delivered: false, nextAttempt: now + 3600)
    try claim.commit()
    let again = { (at: Date) in
      let claim = try outbox.claimDue(
        url: url, bundleID: identity.bundleId, environment: identity.environment, now: at,
        limit: 10)
      defer { claim.release() }
      return claim.due.map { "\($0.signedPayload)#\($0.attempts)" }
    }
    #expect(try again(now) == [])
    #expect(try again(now + 3600) == ["payload-3#1"])
    let entry = try #require(
      try outbox.entry(uuid: Self.notification(3).uuid.uuidString.lowercased()))
    #expect(entry.notification == Self.notification(3, customer: "b"))
    #expect(entry.deliveries.map(\.lastResult) == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE"])
    #expect(entry.deliveries.first?.nextAttemptDate == now + 3600)
    #expect(entry.attempts.map(\.httpStatus) == [500])
    let history = { (onlyFailures: Bool, customer: String?) in
      try outbox.history(
        bundleID: identity.bundleId, environment: identity.environment,
        start: ContractEngine.start, end: now, after: 0, type: nil, subtype: nil,
        customerID: customer, onlyFailures: onlyFailures, limit: 10
      ).map(\.notification.signedPayload)
    }
    #expect(try history(false, nil) == ["payload-1", "payload-2", "payload-3"])
    #expect(try history(true, nil) == ["payload-1", "payload-3"])
    #expect(try history(false, "b") == ["payload-3"])
    #expect(try outbox.faults() == [:])
    try outbox.consumeFault(url: url)
  }
}

/// Several `serve`s on one PostgreSQL outbox: a claim holds its rows until it ends, and another
/// claim skips them rather than waiting.
@Suite(.enabled(if: postgresServer != nil, "STORETERM_TEST_POSTGRES is not set"))
struct PostgresDeliveryClaimTests {
  @Test func aSecondServeSkipsWhatTheFirstHoldsAndNeverPostsItAgain() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let first = try store.openServerStores().outbox
    let second = try store.openServerStores().outbox
    let identity = ContractEngine.identity
    let url = "http://127.0.0.1:9/n"
    try first.register(url: url, date: ContractEngine.start)
    for number in 1...3 { try first.enqueue(ServerStoresContractTests.notification(number)) }
    let now = ContractEngine.start + 60
    let claim = { (outbox: any NotificationOutboxStore, limit: Int) in
      try outbox.claimDue(
        url: url, bundleID: identity.bundleId, environment: identity.environment, now: now,
        limit: limit)
    }
    let held = try claim(first, 2)
    #expect(held.due.map(\.signedPayload) == ["payload-1", "payload-2"])
    let rest = try claim(second, 10)
    #expect(rest.due.map(\.signedPayload) == ["payload-3"])
    rest.release()
    for delivery in held.due {
      try held.record(
        SendAttempt(date: now, result: "SUCCESS", httpStatus: 200, url: url),
        sequence: delivery.sequence, delivered: true, nextAttempt: nil)
    }
    try held.commit()
    // Delivered by the first: the second never gets them; what it let go it claims again.
    let after = try claim(second, 10)
    #expect(after.due.map(\.signedPayload) == ["payload-3"])
    after.release()
    // A claim that ends without committing leaves its rows due.
    let abandoned = try claim(first, 10)
    abandoned.release()
    #expect(try claim(second, 10).due.map(\.signedPayload) == ["payload-3"])
  }

  @Test func aServeThatDiesMidClaimLosesNothingAndAnotherDeliversIt() throws {
    let store = try LedgerBackend.postgres.makeStore()
    let first = try store.openServerStores().outbox
    let second = try store.openServerStores().outbox
    let identity = ContractEngine.identity
    let url = "http://127.0.0.1:9/n"
    try first.register(url: url, date: ContractEngine.start)
    for number in 1...2 { try first.enqueue(ServerStoresContractTests.notification(number)) }
    let now = ContractEngine.start + 60
    let claim = { (outbox: any NotificationOutboxStore) in
      try outbox.claimDue(
        url: url, bundleID: identity.bundleId, environment: identity.environment, now: now,
        limit: 10)
    }
    let held = try claim(first)
    #expect(held.due.count == 2)
    try held.record(
      SendAttempt(date: now, result: "SUCCESS", httpStatus: 200, url: url),
      sequence: held.due[0].sequence, delivered: true, nextAttempt: nil)
    // The first `serve` dies after a post, before its commit: the server ends its session
    // (as it does for a killed process) and rolls the claim back.
    let admin = try PostgresConnection(store.location)
    let busy = """
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'idle in transaction'
      """
    let pids = try admin.execute(busy).map { try $0.int64("pid") }
    #expect(pids.count == 1)
    for pid in pids {
      try admin.execute("SELECT pg_terminate_backend($1) AS gone", [.integer(pid)])
    }
    for _ in 0..<200 where !(try admin.execute(busy).isEmpty) { usleep(10_000) }
    // Another `serve` finds both due again: at least once across a crash, never lost.
    let again = try claim(second)
    #expect(again.due.map(\.signedPayload) == ["payload-1", "payload-2"])
    #expect(again.due.map(\.attempts) == [0, 0])
    again.release()
    // The dead claim's commit fails with one sentence; the next claim connects anew.
    #expect(throws: PostgresError.self) { try held.commit() }
    let fresh = try claim(first)
    #expect(fresh.due.count == 2)
    fresh.release()
  }
}
