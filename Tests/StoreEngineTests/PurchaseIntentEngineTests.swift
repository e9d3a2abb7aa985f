import Foundation
import StoreCore
import Testing

/// The App Store's side of a purchase intent: recorded, delivered once per process.
@Suite struct PurchaseIntentEngineTests {
  @Test func eachIntentIsDeliveredOnceWhicheverWayItArrives() async throws {
    let store = try EngineHarness()
    let intents = store.engine.purchaseIntents()
    let sent = try store.engine.sendPurchaseIntent(productID: "dev.storeterm.demo.plus.monthly")
    // The same intent read back from the ledger (the UI watch's path) is not delivered again.
    let events = try store.ledger.events(after: 0, limit: 100)
    for event in events { store.engine.deliverPurchaseIntent(of: event) }
    let second = try store.engine.sendPurchaseIntent(productID: "dev.storeterm.demo.lifetime")
    var iterator = intents.makeAsyncIterator()
    #expect(await iterator.next() == sent)
    #expect(await iterator.next() == second)
    #expect(events.filter { $0.kind == .purchaseIntentSent }.map(\.detail) == [sent.id])
    #expect(throws: StoreEngineError.unknownProduct("dev.nope")) {
      try store.engine.sendPurchaseIntent(productID: "dev.nope")
    }
  }
}
