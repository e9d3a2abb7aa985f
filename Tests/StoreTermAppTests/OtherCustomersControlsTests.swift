import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermApp

/// Issue 24, item 6: on Transactions, another customer's transaction gets its keys disabled
/// exactly when the engine would refuse the control, with the engine's own reason.
@MainActor @Suite struct OtherCustomersControlsTests {
  /// bob's active Plus Monthly (transaction 1) and default's (transaction 2), bought by another
  /// process; the UI is signed in as default.
  private func transactionsScreen() async throws -> (AppState, HeadlessFrontEnd, String) {
    let database = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    for customer in ["bob", "default"] {
      let bought = await runStoreTerm([
        "--db", database, "--customer", customer, "purchase", Fixtures.plusMonthly,
      ])
      #expect(bought.status == 0, "\(bought.standardError)")
    }
    let frontEnd = try await HeadlessFrontEnd(database: database)
    let page = try #require(await frontEnd.transactionPage(around: 1))
    var state = AppState(
      snapshot: try #require(frontEnd.snapshot), size: Size(width: 120, height: 30))
    _ = StoreTermApp.update(&state, .show(.transactions))
    _ = StoreTermApp.update(&state, .transactions(.loaded(page)))
    return (state, frontEnd, database)
  }

  private func select(_ id: UInt64, _ state: inout AppState) {
    _ = StoreTermApp.update(&state, .moveToFirst)
    while TransactionsScreen.selectedRecord(state)?.id != id {
      let before = TransactionsScreen.selectedRecord(state)?.id
      _ = StoreTermApp.update(&state, .move(1))
      if TransactionsScreen.selectedRecord(state)?.id == before { break }
    }
  }

  private func blocked(_ action: ManageAction, _ state: AppState) -> String? {
    ManageRules.blocked(
      action, record: TransactionsScreen.selectedRecord(state), snapshot: state.snapshot,
      readOnly: false)
  }

  @Test func anotherCustomersHealthySubscriptionCannotBeResolvedOnScreen() async throws {
    var (state, frontEnd, database) = try await transactionsScreen()
    select(1, &state)
    #expect(TransactionsScreen.selectedRecord(state)?.customerID == "bob")
    #expect(
      blocked(.resolve, state) == "transaction 1 cannot be resolved: nothing is wrong with it")
    #expect(
      blocked(.consent, state) == "transaction 1 cannot be consented: no price increase is pending")
    // What the key says is what the command answers.
    let resolved = await runStoreTerm(["--db", database, "manage", "resolve", "1"])
    #expect(resolved.status != 0)
    #expect(
      resolved.standardError.contains("transaction 1 cannot be resolved: nothing is wrong with it"))
    // The signed-in customer's own transaction gives the same reason, as before.
    select(2, &state)
    #expect(
      blocked(.resolve, state) == "transaction 2 cannot be resolved: nothing is wrong with it")
    await frontEnd.stop()
  }

  @Test func anotherCustomersKeysFollowTheirChain() async throws {
    var (state, frontEnd, database) = try await transactionsScreen()
    select(1, &state)
    #expect(blocked(.refund, state) == nil)
    #expect(blocked(.priceIncrease, state) == nil)
    // bob's subscription stops renewing in another terminal: a price increase is refused now.
    let off = await runStoreTerm(["--db", database, "manage", "auto-renew-off", "1"])
    #expect(off.status == 0, "\(off.standardError)")
    await frontEnd.takeInOtherProcesses()
    let page = try #require(await frontEnd.transactionPage(around: 1))
    _ = StoreTermApp.update(&state, .storeChanged(try #require(frontEnd.snapshot)))
    _ = StoreTermApp.update(&state, .transactions(.loaded(page)))
    select(1, &state)
    #expect(
      blocked(.priceIncrease, state)
        == "transaction 1 cannot be given a price increase: it will not renew")
    await frontEnd.stop()
  }
}
