import Foundation
import StoreCore
import StoreManager
import StoreTermApp
import StoreTermCLI
import StoreTermTestSupport
import TerminalUI
import Testing

/// Promoted purchases: QA sends a purchase intent (Xcode's "Send Purchase Intent") and the
/// running app hears of it through `PurchaseIntent.intents`, presenting its purchase flow.
@MainActor @Suite struct PurchaseIntentTests {
  private static let plusMonthly = "dev.storeterm.demo.plus.monthly"

  /// The front end's snapshot once its app received the intent another process sent (a
  /// bounded wait: the store manager's listener runs on the main actor after the watch).
  private static func intentReceived(by frontEnd: HeadlessFrontEnd) async -> StoreSnapshot? {
    await frontEnd.takeInOtherProcesses()
    var snapshot = frontEnd.snapshot
    for _ in 0..<50 where snapshot?.purchaseIntent == nil {
      await Task.yield()
      await frontEnd.takeInOtherProcesses()
      snapshot = frontEnd.snapshot
    }
    return snapshot
  }

  @Test func anIntentFromAnotherTerminalOpensTheRunningAppsPurchaseSheet() async throws {
    let db = try LedgerCommandTests.database()
    let frontEnd = try await HeadlessFrontEnd(database: db)
    let sent = await runStoreTerm(["purchase-intent", Self.plusMonthly, "--db", db])
    #expect(sent.status == 0)
    #expect(
      sent.standardOutput
        == "sent: purchase intent for Plus Monthly (\(Self.plusMonthly)) to default's app\n")
    let received = try #require(await Self.intentReceived(by: frontEnd))
    #expect(received.purchaseIntent?.number == 1)
    #expect(received.purchaseIntent?.productID == Self.plusMonthly)

    var state = AppState(size: Size(width: 100, height: 30))
    state.screen = .transactions
    _ = StoreTermApp.update(&state, .storeChanged(received))
    #expect(state.screen == .paywall)
    #expect(state.sheet?.productID == Self.plusMonthly)
    #expect(state.paywall.presentedIntent == 1)
    // The same intent is presented once: closing the sheet and the next snapshot leave it shut.
    state.sheet = nil
    _ = StoreTermApp.update(&state, .storeChanged(received))
    #expect(state.sheet == nil)
    // The event log and the support timeline name it.
    #expect(received.events.contains { $0.kind == "purchaseIntentSent" })
    let timeline = await runStoreTerm(["customer", "default", "--db", db]).standardOutput
    #expect(timeline.contains("Chose Plus Monthly on the App Store (a purchase intent)"))
    await frontEnd.stop()
  }

  @Test func anIntentForAnOwnedProductSaysWhyInsteadOfOpeningTheSheet() async throws {
    var snapshot = StoreSnapshot()
    let db = try LedgerCommandTests.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.lifetime", "--db", db])
    let frontEnd = try await HeadlessFrontEnd(database: db)
    snapshot = try #require(frontEnd.snapshot)
    await frontEnd.stop()
    snapshot.purchaseIntent = ReceivedPurchaseIntent(
      number: 1, productID: "dev.storeterm.demo.lifetime")
    var state = AppState(size: Size(width: 100, height: 30))
    _ = StoreTermApp.update(&state, .storeChanged(snapshot))
    #expect(state.sheet == nil)
    #expect(state.toast?.message.hasPrefix("Purchase intent for Lifetime Unlock: ") == true)
  }

  @Test func aWinBackOfferChosenOnTheAppStoreReachesTheAppWithTheIntent() async throws {
    let db = try LedgerCommandTests.database()
    let winBack = "plus.monthly.winback"
    _ = await runStoreTerm(["purchase", Self.plusMonthly, "--db", db])
    // The App Store shows a win-back offer only to a lapsed subscriber who can redeem it.
    let early = await runStoreTerm(
      ["purchase-intent", Self.plusMonthly, "--offer", winBack, "--db", db])
    #expect(early.status == 1)
    #expect(
      early.standardError
        == "storeterm: \(winBack): default cannot redeem this win-back offer now\n")
    let promotional = await runStoreTerm(
      ["purchase-intent", Self.plusMonthly, "--offer", "plus.monthly.comeback", "--db", db])
    #expect(
      promotional.standardError
        == "storeterm: plus.monthly.comeback: not a win-back offer of \(Self.plusMonthly)\n")
    #expect(await runStoreTerm(["manage", "expire", "1", "--db", db]).status == 0)

    let frontEnd = try await HeadlessFrontEnd(database: db)
    let sent = await runStoreTerm(
      ["purchase-intent", Self.plusMonthly, "--offer", winBack, "--db", db, "--json"])
    #expect(sent.status == 0, "\(sent.standardError)")
    #expect(sent.standardOutput.contains("\"offerIdentifier\": \"\(winBack)\""))
    let received = try #require(await Self.intentReceived(by: frontEnd))
    // `PurchaseIntent.offer`, as the store manager read it through StoreKit.
    #expect(received.purchaseIntent?.offerID == winBack)
    var state = AppState(size: Size(width: 100, height: 30))
    _ = StoreTermApp.update(&state, .storeChanged(received))
    #expect(state.sheet?.productID == Self.plusMonthly)
    #expect(state.sheet?.chosenOffer == winBack)
    await frontEnd.stop()
  }

  @Test func anUnknownProductIsRefusedAndNothingIsRecorded() async throws {
    let db = try LedgerCommandTests.database()
    let run = await runStoreTerm(["purchase-intent", "dev.nope", "--db", db])
    #expect(run.status == 1)
    #expect(run.standardError == "storeterm: dev.nope: no such product in the catalog\n")
    let timeline = await runStoreTerm(["customer", "default", "--db", db]).standardOutput
    #expect(!timeline.contains("purchase intent"))
  }
}
