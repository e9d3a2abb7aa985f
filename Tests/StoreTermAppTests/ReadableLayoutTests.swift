import Foundation
import StoreCore
import StoreManager
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermApp

/// Every screen, sheet and message readable at the smallest size: German snapshots at 60×18 and
/// 80×24, the customer explainer in German and Japanese, no cut word outside table cells,
/// scroll marks, and the scroll kept across a resize.
@Suite struct ReadableLayoutTests {
  static let small = Size(width: 60, height: 18)

  private func german(screen: ScreenID = .paywall) -> AppState {
    Fixtures.state(Fixtures.demo(storefront: "DEU", locale: "de_DE"), screen: screen)
  }

  private func check(_ state: AppState, _ name: String) {
    for size in ScreenSnapshotTests.sizes {
      var sized = state
      sized.size = size
      assertSnapshot(StoreTermApp.view(sized, size: size), named: "\(name)-\(size)")
    }
  }

  private func updated(_ state: AppState, _ actions: AppAction...) -> AppState {
    var state = state
    for action in actions { _ = StoreTermApp.update(&state, action) }
    return state
  }

  @Test func everyScreenInGerman() {
    check(german(), "de-paywall")
    check(german(screen: .account), "de-account")
    check(german(screen: .transactions), "de-transactions")
    check(german(screen: .eventLog), "de-event-log")
    var customers = CustomerFixtures.listed()
    customers.snapshot.locale = "de_DE"
    check(customers, "de-customers")
  }

  @Test func everySheetInGerman() {
    check(updated(german(), .paywall(.buy), .purchaseSheet(.moveOutcome(1))), "de-sheet-ask-to-buy")
    var pending = updated(german(), .paywall(.buy))
    pending.sheet?.phase = .result(.pending)
    check(pending, "de-sheet-pending")
    check(updated(german(), .redeem(.open), .redeem(.presented), .redeem(.move(1))), "de-redeem")
    var account = german(screen: .account)
    account.account.selected = 3
    check(updated(account, .refund(.open)), "de-refund-sheet")
    check(updated(german(screen: .account), .customerPicker(.open)), "de-customer-switcher")
    check(updated(german(screen: .transactions), .settings(.open)), "de-settings")
    check(updated(german(), .toggleHelp), "de-help-paywall")
    check(updated(german(screen: .transactions), .toggleHelp), "de-help-transactions")
    check(
      updated(
        german(),
        .finished(
          .refused(
            .text(
              "Beitritt fehlgeschlagen: ein Familienname hat 1 bis 64 Buchstaben, Ziffern, "
                + "'-', '_' oder '.'. Nichts wurde geändert."))), .messages(.toggle)),
      "de-messages")
  }

  @Test(arguments: [("de_DE", "de"), ("ja_JP", "ja")])
  func customerExplainer(locale: String, suffix: String) {
    var state = CustomerFixtures.opened()
    state.snapshot.locale = locale
    check(state, "explainer-\(suffix)")
  }

  /// Every timeline label and explainer sentence shows whole on some page of the detail at
  /// 60×18, scrolled from top to bottom.
  @Test func theExplainerWrapsEverySentenceAt60x18() {
    var state = CustomerFixtures.opened()
    state.size = Self.small
    let detail = CustomerFixtures.detail
    let sentences =
      CustomerDetailView.timelineRows(detail, state.snapshot).map { $0[2] }
      + CustomerDetailView.accessRows(detail, state.snapshot).map { $0[2] }
    var shown: Set<String> = []
    for _ in 0..<40 {
      shown.formUnion(CutWords.tokens(StoreTermApp.view(state, size: Self.small)))
      _ = StoreTermApp.update(&state, .move(1))
    }
    let words = sentences.flatMap { $0.split(separator: " ") }.map {
      String($0).trimmingCharacters(in: .init(charactersIn: ".,;:()"))
    }
    #expect(words.filter { !shown.contains($0) } == [])
  }

  /// The helper itself: a clipped or ellipsised word fails, a wrapped one passes.
  @Test func theCutWordCheckCatchesACut() {
    let wrapped = paint(width: 20, height: 3) { canvas in
      for (y, line) in TextWrap.lines("Purchase of Season Pass failed", width: 14).enumerated() {
        canvas.raw(line, at: Point(x: 0, y: y))
      }
    }
    #expect(CutWords.missing(["Purchase of Season Pass failed"], on: wrapped) == [])
    let cut = paint(width: 14, height: 1) { canvas in
      canvas.text("Purchase of Season Pass failed", at: .zero)
    }
    #expect(
      CutWords.missing(["Purchase of Season Pass failed"], on: cut) == ["Season", "Pass", "failed"])
  }

  @Test func helpIsOneColumnBelow100ColumnsAndEveryKeyReadsInFull() {
    var state = updated(Fixtures.state(screen: .transactions), .toggleHelp)
    state.size = Self.small
    let first = StoreTermApp.view(state, size: Self.small).lines
    #expect(first[17].contains("↓ "))
    var shown: Set<String> = []
    for _ in 0..<60 {
      shown.formUnion(CutWords.tokens(StoreTermApp.view(state, size: Self.small)))
      _ = StoreTermApp.update(&state, .scrollHelp(1))
    }
    let last = StoreTermApp.view(state, size: Self.small).lines
    #expect(last[0].contains("↑ "))
    #expect(!last[17].contains("↓ "))
    let descriptions = GlobalKeys.keymapBeneathHelp(state).helpSections(in: state)
      .flatMap(\.entries).map { $0.disabledReason.map { "x — \($0)" } ?? $0.description }
    let words = descriptions.flatMap { $0.split(separator: " ") }.map {
      String($0).trimmingCharacters(in: .init(charactersIn: ".,;:()'"))
    }.filter { !$0.isEmpty }
    #expect(words.filter { !shown.contains($0) } == [])
  }

  @Test func theExplainerKeepsItsPlaceAcrossAResize() {
    var state = CustomerFixtures.opened()
    state.size = Size(width: 100, height: 30)
    let detail = CustomerFixtures.detail
    let wide = CustomerDetailView.lines(detail, width: CustomerDetailView.contentWidth(100))
    // Scroll to the timeline's header, then narrow the terminal: the header stays on top.
    let header = wide.firstIndex(of: .timelineHeader)!
    state.customers.detailScroll = header
    _ = StoreTermApp.update(&state, .resized(Self.small))
    let narrow = CustomerDetailView.lines(detail, width: CustomerDetailView.contentWidth(60))
    #expect(narrow[state.customers.detailScroll] == .timelineHeader)
    #expect(state.customers.detailScroll != header)
  }

  @Test func theEventLogShowsMarksWhenItScrolls() {
    var state = Fixtures.state(screen: .eventLog)
    state.snapshot.events = (0..<30).map {
      EventLogEntry(
        date: Date(timeIntervalSince1970: 1_800_000_000 + Double($0)), origin: .app,
        kind: "update", productID: nil, transactionID: nil, detail: .text("row \($0)"))
    }
    let lines = StoreTermApp.view(state, size: Self.small).lines
    #expect(lines[1].contains("↑ 18 more"))
    state = updated(state, .move(-30))
    let top = StoreTermApp.view(state, size: Self.small).lines
    #expect(top[15].contains("↓ "))
  }
}
