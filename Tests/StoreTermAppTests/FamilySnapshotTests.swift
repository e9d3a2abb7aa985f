import StoreManager
import StoreTermApp
import StoreTermTestSupport
import TerminalUI
import Testing

/// Family Sharing on screen, text and role layers, at 80×24 and 60×18: the account of a family
/// member, the Join Family sheet, the leave question, the paywall badge and the transaction
/// manager's ownership column and inspector.
@Suite struct FamilySnapshotTests {
  private func check(_ state: AppState, _ name: String) {
    for size in ScreenSnapshotTests.sizes {
      var sized = state
      sized.size = size
      assertSnapshot(StoreTermApp.view(sized, size: size), named: "\(name)-\(size)")
    }
  }

  @Test func accountOfAFamilyMember() {
    check(Fixtures.state(Fixtures.family(), screen: .account), "account-family")
  }

  @Test func joinFamilySheet() {
    var state = Fixtures.state(Fixtures.noFamily(), screen: .account)
    for action: FamilyAction in [.openJoin, .move(1), .move(1)] {
      _ = StoreTermApp.update(&state, .family(action))
    }
    check(state, "family-join-picked")
    _ = StoreTermApp.update(&state, .family(.move(-1)))
    _ = StoreTermApp.update(&state, .family(.confirm))
    _ = StoreTermApp.update(
      &state,
      .family(
        .finished(
          message: FamilySheet.refusal(
            "family group \"jones\" already has 6 members, the most Family Sharing allows"),
          isError: true)))
    check(state, "family-join-refused")
  }

  @Test func leaveQuestion() {
    var state = Fixtures.state(Fixtures.family(), screen: .account)
    _ = StoreTermApp.update(&state, .family(.askLeave))
    check(state, "family-leave")
  }

  @Test func paywallBadge() {
    var state = Fixtures.state(Fixtures.family())
    state.paywall.selectedID = Fixtures.lifetime
    check(state, "paywall-family")
  }

  @Test func transactionsShowOwnership() {
    var state = Fixtures.state(Fixtures.family(), screen: .transactions)
    check(state, "transactions-family")
    _ = StoreTermApp.update(&state, .transactions(.filter(.begin)))
    for character in "family_shared" {
      _ = StoreTermApp.update(&state, .transactions(.filter(.type(character))))
    }
    _ = StoreTermApp.update(&state, .transactions(.filter(.commit)))
    check(state, "transactions-family-filtered")
  }
}
