import StoreTermTestSupport
import TerminalUI
import Testing

/// Widgets rendered to cell grids, compared with their recorded snapshots.
@Suite struct WidgetSnapshotTests {
  static let rows = [
    ListView.Row("Plus Monthly", detail: "$4.99 / month", detailRole: .price),
    ListView.Row("プラス 年額", detail: "¥9,800 / year", detailRole: .price),
    ListView.Row("Lifetime", detail: "$29.99", detailRole: .price),
    ListView.Row("100 Coins", detail: "$0.99", detailRole: .price),
  ]

  @Test func aListScrollsToKeepTheSelectionVisible() {
    var selection = ListSelection(count: 4)
    selection.move(by: 3, count: 4, height: 2)
    #expect(selection.selected == 3)
    #expect(selection.offset == 2)
    selection.move(by: -10, count: 4, height: 2)
    #expect(selection == ListSelection(count: 4))
    let screen = paint(width: 32, height: 2) { canvas in
      var selection = ListSelection(count: 4)
      selection.select(1, count: 4, height: 2)
      ListView(rows: Self.rows, selection: selection).render(in: &canvas)
    }
    assertSnapshot(screen, named: "list-focused")
  }

  @Test func aNarrowListTruncatesNamesFirst() {
    let screen = paint(width: 20, height: 4) { canvas in
      ListView(rows: Self.rows, selection: ListSelection(count: 4), focused: false).render(
        in: &canvas)
    }
    assertSnapshot(screen, named: "list-narrow-unfocused")
  }

  @Test func tableColumnsAlignByDisplayWidth() {
    let table = TableView(
      columns: [
        .init("Product", width: .flexible(min: 8)),
        .init("Price", width: .fit(max: 12), alignment: .trailing),
        .init("State", width: .fixed(7)),
      ],
      rows: [
        ["Plus Monthly", "$4.99", "Active"],
        ["プラス 年額", "¥9,800", "Pending approval"],
        ["Lifetime", "$29.99", ""],
      ],
      selection: ListSelection(count: 3))
    #expect(table.columnWidths(totalWidth: 40) == [23, 6, 7])
    let screen = paint(width: 40, height: 4) { table.render(in: &$0) }
    assertSnapshot(screen, named: "table-40")
    let narrow = paint(width: 24, height: 4) { table.render(in: &$0) }
    assertSnapshot(narrow, named: "table-24")
  }

  /// A column with `shownFrom` is left out, cells and all, when the table is narrower, and
  /// its room goes to the flexible column.
  @Test func aTableLeavesOutColumnsBelowTheirWidth() {
    let table = TableView(
      columns: [
        .init("Time", width: .fixed(5)),
        .init("From", width: .fixed(3), shownFrom: 30),
        .init("Detail", width: .flexible(min: 4)),
      ],
      rows: [["12:00", "app", "purchased Plus Monthly"]])
    #expect(table.fitted(toWidth: 30).columns.map(\.title) == ["Time", "From", "Detail"])
    let narrow = table.fitted(toWidth: 29)
    #expect(narrow.columns.map(\.title) == ["Time", "Detail"])
    #expect(narrow.rows == [["12:00", "purchased Plus Monthly"]])
    let screen = paint(width: 29, height: 2) { table.render(in: &$0) }
    #expect(screen.lines[1] == "12:00  purchased Plus Monthly")
  }

  @Test func aDialogIsCentredWithWrappedText() {
    let screen = paint(width: 40, height: 10) { canvas in
      canvas.fill(canvas.bounds, with: "░", role: .dim)
      Dialog(
        title: "Quit?", message: "A purchase is in flight. Quit anyway and lose its result?",
        buttons: ["Stay", "Quit"], focusedButton: 1, messageRole: .warning
      ).render(in: &canvas)
    }
    assertSnapshot(screen, named: "dialog-quit")
  }

  @Test func toastsAndHintBars() {
    let screen = paint(width: 30, height: 2) { canvas in
      Toast("Purchased Plus Monthly", kind: .success).render(in: &canvas, row: 0)
      HintBar(entries: [
        HelpEntry(label: "b", description: "buy", disabledReason: nil),
        HelpEntry(label: "R", description: "restore", disabledReason: nil),
        HelpEntry(label: "?", description: "help", disabledReason: nil),
        HelpEntry(label: "q", description: "quit", disabledReason: nil),
      ]).render(in: &canvas, row: 1)
    }
    assertSnapshot(screen, named: "toast-and-hint-bar")
  }

  @Test func aNarrowHintBarKeepsItsPinnedEntriesAndDropsTheOthersFromTheEnd() {
    let entries = [
      HelpEntry(label: "b", description: "buy", disabledReason: nil),
      HelpEntry(label: "R", description: "restore", disabledReason: nil),
      HelpEntry(label: "c", description: "redeem", disabledReason: nil),
      HelpEntry(label: "?", description: "help", disabledReason: nil),
      HelpEntry(label: "q", description: "quit", disabledReason: nil),
    ]
    func bar(width: Int, pinned: Int) -> String {
      paint(width: width, height: 1) {
        HintBar(entries: entries, pinnedTrailing: pinned).render(in: &$0, row: 0)
      }.lines[0]
    }
    // Everything fits in 43 columns, pinned or not.
    #expect(bar(width: 43, pinned: 2) == " b buy  R restore  c redeem  ? help  q quit")
    #expect(bar(width: 41, pinned: 2) == " b buy  R restore  ? help  q quit")
    #expect(bar(width: 30, pinned: 0) == " b buy  R restore  c redeem")
    #expect(bar(width: 30, pinned: 2) == " b buy  ? help  q quit")
    #expect(bar(width: 12, pinned: 2) == " ? help")
  }

  @Test func helpShowsDisabledKeysWithReasons() {
    let sections = [
      HelpSection(
        title: "Paywall",
        entries: [
          HelpEntry(label: "Enter/b", description: "buy", disabledReason: "Already subscribed"),
          HelpEntry(label: "R", description: "restore purchases", disabledReason: nil),
        ]),
      HelpSection(
        title: "General", entries: [HelpEntry(label: "q", description: "quit", disabledReason: nil)]
      ),
    ]
    let screen = paint(width: 50, height: 10) { HelpOverlay(sections: sections).render(in: &$0) }
    assertSnapshot(screen, named: "help-overlay")
  }

  @Test func tinyScreensDoNotCrash() {
    for width in 0...6 {
      for height in 0...4 {
        _ = paint(width: width, height: height) { canvas in
          canvas.box(canvas.bounds, title: "日本語")
          ListView(rows: Self.rows, selection: ListSelection(count: 4)).render(in: &canvas)
          Dialog(title: "T", message: "日本語のテキスト", buttons: ["OK"]).render(in: &canvas)
          Toast("Saved", kind: .success).render(in: &canvas, row: height - 1)
          HelpOverlay(sections: [HelpSection(title: "G", entries: [])]).render(in: &canvas)
          TableView(columns: [.init("A", width: .flexible(min: 3))], rows: [["x"]]).render(
            in: &canvas)
        }
      }
    }
  }

  @Test func aTooSmallTerminalGetsANotice() {
    let notice = SizeNotice(minimum: Size(width: 60, height: 18))
    #expect(notice.isNeeded(for: Size(width: 59, height: 30)))
    #expect(notice.isNeeded(for: Size(width: 80, height: 17)))
    #expect(!notice.isNeeded(for: Size(width: 60, height: 18)))
    assertSnapshot(notice.render(size: Size(width: 30, height: 8)), named: "size-notice-30x8")
    _ = notice.render(size: Size(width: 1, height: 1))
    _ = notice.render(size: .zero)
  }
}
