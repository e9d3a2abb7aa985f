import StoreTermApp
import TerminalUI
import Testing

/// Joining and leaving a family from the account screen: every Family Sharing action's exact
/// outcome, the keys and why they are disabled.
@Suite struct FamilySheetTests {
  private func action(_ key: Key, _ state: AppState) -> AppAction? {
    StoreTermApp.action(for: .key(key), in: state)
  }

  /// The account of a customer in no family with the Join Family sheet open.
  private func openSheet() -> AppState {
    var state = Fixtures.state(Fixtures.noFamily(), screen: .account)
    #expect(StoreTermApp.update(&state, .family(.openJoin)) == [])
    return state
  }

  @Test func jOpensAnEmptySheetAndLAsksFirst() {
    let state = openSheet()
    #expect(state.familySheet == FamilySheetState())
    var member = Fixtures.state(Fixtures.family(), screen: .account)
    #expect(StoreTermApp.update(&member, .family(.askLeave)) == [])
    #expect(member.modal == .leaveFamily)
    #expect(member.familySheet == nil)
  }

  @Test func typingAndDeletingEditTheNameAndMatchListedGroups() {
    var state = openSheet()
    for character in "smith" { _ = StoreTermApp.update(&state, .family(.type(character))) }
    #expect(state.familySheet?.name == "smith")
    #expect(state.familySheet?.selected == nil)
    _ = StoreTermApp.update(&state, .family(.type("s")))
    #expect(state.familySheet?.selected == 1)
    _ = StoreTermApp.update(&state, .family(.deleteBackward))
    #expect(state.familySheet?.name == "smith")
    #expect(state.familySheet?.selected == nil)
  }

  @Test func arrowsPickListedGroupsWithinTheList() {
    var state = openSheet()
    _ = StoreTermApp.update(&state, .family(.move(1)))
    #expect(state.familySheet?.name == "jones")
    _ = StoreTermApp.update(&state, .family(.move(5)))
    #expect(state.familySheet?.name == "smiths")
    #expect(state.familySheet?.selected == 1)
    _ = StoreTermApp.update(&state, .family(.move(-1)))
    #expect(state.familySheet?.name == "jones")
    var empty = Fixtures.state(screen: .account)
    _ = StoreTermApp.update(&empty, .family(.openJoin))
    _ = StoreTermApp.update(&empty, .family(.move(1)))
    #expect(empty.familySheet == FamilySheetState())
  }

  @Test func aNameTooLongIsRefusedAndKept() {
    var state = openSheet()
    let name = String(repeating: "a", count: 64)
    for character in name { _ = StoreTermApp.update(&state, .family(.type(character))) }
    _ = StoreTermApp.update(&state, .family(.type("b")))
    #expect(state.familySheet?.name == name)
    #expect(state.familySheet?.problem == "A family group name has at most 64 characters.")
  }

  @Test func enterWithoutANameSaysWhyAndSendsNothing() {
    var state = openSheet()
    #expect(StoreTermApp.update(&state, .family(.confirm)) == [])
    #expect(state.familySheet?.problem == "Type a family group name, or pick one with ↑/↓.")
    #expect(state.familySheet?.phase == .entering)
  }

  @Test func enterJoinsAndSuccessClosesTheSheetWithAMessage() {
    var state = openSheet()
    _ = StoreTermApp.update(&state, .family(.move(2)))
    #expect(StoreTermApp.update(&state, .family(.confirm)) == [.joinFamily("smiths")])
    #expect(state.familySheet?.phase == .joining)
    // While the App Store answers, nothing else is sent.
    #expect(StoreTermApp.update(&state, .family(.confirm)) == [])
    #expect(StoreTermApp.update(&state, .family(.type("x"))) == [])
    #expect(state.familySheet?.name == "smiths")
    let message = "Joined family group smiths; received 1 shared transaction."
    _ = StoreTermApp.update(&state, .family(.finished(message: message, isError: false)))
    #expect(state.familySheet == nil)
    #expect(state.toast == Toast(message, kind: .success))
  }

  @Test func aRefusalKeepsTheSheetAndTheNameWithTheEnginesSentence() {
    var state = openSheet()
    for character in "a b" { _ = StoreTermApp.update(&state, .family(.type(character))) }
    #expect(StoreTermApp.update(&state, .family(.confirm)) == [.joinFamily("a b")])
    let refusal = FamilySheet.refusal(
      "family group \"a b\" is not a valid name: use 1 to 64 letters, digits, '-', '_' or '.'")
    #expect(
      refusal
        == "Family group \"a b\" is not a valid name: use 1 to 64 letters, digits, '-', '_' or '.'."
        + " Nothing changed.")
    _ = StoreTermApp.update(&state, .family(.finished(message: refusal, isError: true)))
    #expect(state.familySheet?.phase == .entering)
    #expect(state.familySheet?.name == "a b")
    #expect(state.familySheet?.problem == refusal)
    #expect(state.toast == nil)
    _ = StoreTermApp.update(&state, .family(.deleteBackward))
    #expect(state.familySheet?.problem == nil)
  }

  @Test func escapeClosesTheSheetWithoutJoining() {
    var state = openSheet()
    _ = StoreTermApp.update(&state, .family(.type("x")))
    #expect(StoreTermApp.update(&state, .family(.cancel)) == [])
    #expect(state.familySheet == nil)
    #expect(state.toast == nil)
  }

  @Test func answeringTheLeaveQuestion() {
    var state = Fixtures.state(Fixtures.family(), screen: .account)
    _ = StoreTermApp.update(&state, .family(.askLeave))
    #expect(StoreTermApp.update(&state, .family(.answerLeave(false))) == [])
    #expect(state.modal == nil)
    #expect(state.toast == nil)
    _ = StoreTermApp.update(&state, .family(.askLeave))
    #expect(StoreTermApp.update(&state, .family(.answerLeave(true))) == [.leaveFamily])
    #expect(state.modal == nil)
    #expect(state.toast == Toast("Leaving family group smiths…"))
    let message = "Left family group smiths; shared access was revoked."
    _ = StoreTermApp.update(&state, .family(.finished(message: message, isError: false)))
    #expect(state.toast == Toast(message, kind: .success))
    // An answer without a question sends nothing.
    #expect(StoreTermApp.update(&state, .family(.answerLeave(true))) == [])
  }

  @Test func aLeaveRefusalIsAnErrorMessage() {
    var state = Fixtures.state(Fixtures.family(), screen: .account)
    let refusal = FamilySheet.refusal("customer \"default\" is not in a family group")
    _ = StoreTermApp.update(&state, .family(.finished(message: refusal, isError: true)))
    #expect(
      state.toast
        == Toast(
          "Customer \"default\" is not in a family group. Nothing changed.", kind: .error))
  }

  @Test func actionsThatDoNotApplyChangeNothing() {
    // Joining while in a family, or leaving while in none, is refused by the keys; the update
    // refuses it too.
    var member = Fixtures.state(Fixtures.family(), screen: .account)
    #expect(StoreTermApp.update(&member, .family(.openJoin)) == [])
    #expect(member.familySheet == nil)
    var single = Fixtures.state(Fixtures.noFamily(), screen: .account)
    #expect(StoreTermApp.update(&single, .family(.askLeave)) == [])
    #expect(single.modal == nil)
    for stray: FamilyAction in [.type("x"), .deleteBackward, .move(1), .confirm, .cancel] {
      #expect(StoreTermApp.update(&single, .family(stray)) == [])
    }
    #expect(single.familySheet == nil)
  }

  // MARK: - Keys

  @Test func jAndLExplainWhyTheyAreDisabled() {
    let single = Fixtures.state(Fixtures.noFamily(), screen: .account)
    #expect(action(.char("J"), single) == .family(.openJoin))
    #expect(action(.char("L"), single) == .refused("not in a family"))
    let member = Fixtures.state(Fixtures.family(), screen: .account)
    #expect(action(.char("L"), member) == .family(.askLeave))
    #expect(
      action(.char("J"), member) == .refused("already in family group smiths; leave it first"))
    var readOnly = Fixtures.state(Fixtures.family(), screen: .account, readOnly: true)
    #expect(action(.char("L"), readOnly) == .refused("read-only"))
    readOnly.snapshot.family = Fixtures.noFamily().family
    #expect(action(.char("J"), readOnly) == .refused("read-only"))
  }

  @Test func theSheetTakesOverTheKeysAndTheNameFieldEveryCharacter() {
    var state = openSheet()
    #expect(action(.enter, state) == .family(.confirm))
    #expect(action(.escape, state) == .family(.cancel))
    #expect(action(.up, state) == .family(.move(-1)))
    #expect(action(.down, state) == .family(.move(1)))
    #expect(action(.backspace, state) == .family(.deleteBackward))
    for character: Character in ["q", "?", "J", "L", "2", "j"] {
      #expect(action(.char(character), state) == .family(.type(character)))
    }
    state.familySheet?.phase = .joining
    #expect(action(.enter, state) == .refused("the App Store is answering"))
    #expect(action(.escape, state) == .refused("the App Store is answering"))
    #expect(action(.char("q"), state) == nil)
    #expect(action(.char("?"), state) == .toggleHelp)
  }

  @Test func theLeaveQuestionTakesOverTheKeys() {
    var state = Fixtures.state(Fixtures.family(), screen: .account)
    state.modal = .leaveFamily
    #expect(action(.char("y"), state) == .family(.answerLeave(true)))
    #expect(action(.enter, state) == .family(.answerLeave(true)))
    #expect(action(.char("n"), state) == .family(.answerLeave(false)))
    #expect(action(.escape, state) == .family(.answerLeave(false)))
    #expect(action(.char("q"), state) == nil)
    #expect(action(.char("1"), state) == nil)
    #expect(action(.char("?"), state) == .toggleHelp)
  }

  @Test func clicksDoNothingWhileTheSheetOrQuestionIsOpen() {
    let sheet = openSheet()
    #expect(StoreTermApp.action(for: .click(Point(x: 4, y: 0)), in: sheet) == nil)
    var question = Fixtures.state(Fixtures.family(), screen: .account)
    question.modal = .leaveFamily
    #expect(StoreTermApp.action(for: .click(Point(x: 4, y: 0)), in: question) == nil)
  }
}
