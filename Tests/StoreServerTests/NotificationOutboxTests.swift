import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer
import StoreTermTestSupport
import Testing

/// The outbox is written in the event's SQLite transaction, and retries follow Apple's schedule.
@Suite struct NotificationOutboxTests {
  struct Refusing: NotificationWriter {
    struct Refused: Error {}
    func notification(
      for event: StoreEvent, transaction: SignedTransaction?, subscription: SubscriptionRecord?
    ) throws -> OutboxNotification? { throw Refused() }
  }

  func engine(_ ledger: SQLiteLedger, _ authority: TestCertificateAuthority, clock: ManualClock)
    -> StoreEngine
  {
    StoreEngine(
      catalog: ProductCatalog(configuration: FixtureCatalogs.demo), session: StoreSession(),
      ledger: ledger, signer: authority.makeSigner(), clock: clock, ids: SequentialIdentifiers(),
      factory: TransactionFactory(
        identity: ServerHarness.identity, hasher: SHA384DeviceVerificationHasher()))
  }

  @Test func eachEventIsWrittenWithItsSignedNotificationOrNotAtAll() throws {
    let ledger = try SQLiteLedger(location: .inMemory)
    let authority = try TestCertificateAuthority.generate()
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let engine = engine(ledger, authority, clock: clock)
    ledger.setNotificationWriter(
      ServerNotificationFactory(
        signer: authority.makeSigner(), clock: clock, ids: SequentialIdentifiers(),
        identity: ServerHarness.identity))
    guard case .success(let bought) = try engine.purchase(Demo.monthly, customerID: "ann")
    else { throw HarnessError("not bought") }
    try engine.finish(bought.id)
    let entries = try NotificationOutbox(ledger: ledger).entries()
    // The app finishing a transaction sends nothing.
    #expect(entries.map(\.notification.kind.name) == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(entries.first?.notification.transactionID == bought.id)
    let verifier = authority.makeVerifier(configuration: ServerHarness.identity)
    let payload = try verifier.verify(
      entries.first?.notification.signedPayload ?? "", as: ResponseBodyV2DecodedPayload.self
    ).get()
    guard case .verified(let body) = payload else { throw HarnessError("not verified") }
    #expect(body.version == "2.0")
    #expect(body.data?.status == .active)
    #expect(body.data?.signedRenewalInfo != nil)
    let event = try ledger.queue.read { db in
      try db.fetchOne("SELECT event_seq FROM outbox")?.get(Int64.self, at: 0)
    }
    let purchased = try ledger.events(after: 0, limit: 100).first { $0.kind == .purchased }
    #expect(event == purchased?.sequence)

    // A notification that cannot be signed takes its event (and the purchase) with it.
    ledger.setNotificationWriter(Refusing())
    #expect(throws: Refusing.Refused.self) {
      _ = try engine.purchase(Demo.lifetime, customerID: "ann")
    }
    #expect(try ledger.records(customerID: "ann").count == 1)
    #expect(try ledger.events(after: 0, limit: 100).filter { $0.kind == .purchased }.count == 1)
  }

  @Test func retriesComeAt1_12_24_48And72HoursThenNever() {
    let start = Date(timeIntervalSince1970: 0)
    let waits = (1...6).map {
      RetrySchedule.nextAttempt(afterFailedAttempts: $0, last: start)?.timeIntervalSince1970
    }
    #expect(waits == [3600, 43_200, 86_400, 172_800, 259_200, nil])
    #expect(RetrySchedule.isAcknowledgement(206))
    #expect(!RetrySchedule.isAcknowledgement(207))
    #expect(!RetrySchedule.isAcknowledgement(500))
  }
}
