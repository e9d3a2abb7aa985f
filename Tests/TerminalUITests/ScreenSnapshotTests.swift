import Foundation
import StoreTermTestSupport
import TerminalUI
import Testing

/// Snapshots are a stable text form that reads back into the same screen.
@Suite struct ScreenSnapshotTests {
  static let sample = paint(width: 12, height: 3) { canvas in
    canvas.box(Rect(x: 0, y: 0, width: 12, height: 3), title: "日本")
    canvas.text("¥980", at: Point(x: 1, y: 1), role: .price)
    canvas.text("✓", at: Point(x: 9, y: 1), role: .success)
  }

  @Test func theFormatIsTextThenRoles() {
    #expect(
      ScreenSnapshot.render(Self.sample) == """
        screen 12x3
        ┌ 日本 ────┐
        │¥980    ✓ │
        └──────────┘
        roles
        BTT·T·TBBBBB
        BPPPP....g.B
        BBBBBBBBBBBB

        """)
  }

  @Test func parsingGivesTheSameScreenBack() throws {
    let text = ScreenSnapshot.render(Self.sample)
    #expect(try ScreenSnapshot.parse(text) == Self.sample)
  }

  @Test func everyRoleRoundTrips() throws {
    let screen = paint(width: StyleRole.allCases.count, height: 2) { canvas in
      for (x, role) in StyleRole.allCases.enumerated() {
        canvas.raw("x", at: Point(x: x, y: 0), role: role)
        canvas.fill(Rect(x: x, y: 1, width: 1, height: 1), role: role)
      }
    }
    #expect(try ScreenSnapshot.parse(ScreenSnapshot.render(screen)) == screen)
    #expect(Set(StyleRole.allCases.map(\.snapshotLetter)).count == StyleRole.allCases.count)
  }

  @Test func trailingSpacesMayBeStrippedFromTextRows() throws {
    let screen = paint(width: 4, height: 1) { $0.raw("a ", at: .zero, role: .selection) }
    let text = ScreenSnapshot.render(screen)
    #expect(text == "screen 4x1\na\nroles\nSS..\n")
    #expect(try ScreenSnapshot.parse(text) == screen)
  }

  @Test(arguments: [
    ("nothing", "A snapshot must start with \"screen WIDTHxHEIGHT\"."),
    ("screen axb\n", "The snapshot header \"screen axb\" has no WIDTHxHEIGHT size."),
    ("screen 2x1\nab\n", "A 2x1 snapshot must hold 1 text rows, \"roles\" and 1 role rows."),
    ("screen 2x1\nab\nroles\n.\n", "Role row 1 has 1 letters, not 2."),
    ("screen 2x1\nab\nroles\n.?\n", "Role row 1, column 2 has the unknown letter \"?\"."),
    (
      "screen 2x1\n日\nroles\n..\n", "Row 1, column 1 holds a wide character without \"·\" after it."
    ),
    ("screen 2x1\nabc\nroles\n..\n", "Text row 1 is wider than 2 columns."),
  ])
  func malformedSnapshotsAreRefused(text: String, message: String) {
    #expect(throws: SnapshotFormatError(message)) { try ScreenSnapshot.parse(text) }
  }

  @Test func aMissingFileIsRecordedThenCompared() throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "terminalui-snapshots-\(ProcessInfo.processInfo.globallyUniqueString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appending(path: "sample.screen")

    #expect(
      try SnapshotFile.verify(Self.sample, at: url, record: false) == .recorded(path: url.path))
    #expect(try String(contentsOf: url, encoding: .utf8) == ScreenSnapshot.render(Self.sample))
    #expect(try SnapshotFile.verify(Self.sample, at: url, record: false) == .matches)

    let changed = paint(width: 12, height: 3) { $0.text("other", at: .zero) }
    guard case .differs(let message) = try SnapshotFile.verify(changed, at: url, record: false)
    else {
      Issue.record("a changed screen must not match")
      return
    }
    #expect(
      message.hasPrefix(
        "Snapshot sample.screen differs at line 2:\n  expected: ┌ 日本 ────┐\n  actual:   other\n"))
    #expect(try SnapshotFile.verify(changed, at: url, record: true) == .recorded(path: url.path))
    #expect(try SnapshotFile.verify(changed, at: url, record: false) == .matches)
  }
}
