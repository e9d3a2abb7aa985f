import StoreTermTestSupport
import TerminalUI
import Testing

/// The canvas never paints outside its clip and never shows half a wide character.
@Suite struct CanvasTests {
  @Test func textIsTruncatedWithAnEllipsisAtTheRightEdge() {
    let screen = paint(width: 10, height: 1) { $0.text("Subscription", at: Point(x: 2, y: 0)) }
    #expect(screen.lines == ["  Subscri…"])
  }

  @Test func wideTextIsTruncatedByColumns() {
    let screen = paint(width: 8, height: 1) { $0.text("日本語テキスト", at: .zero, role: .title) }
    #expect(screen.lines == ["日本語…"])
    #expect(ScreenSnapshot.render(screen).hasSuffix("roles\nT·T·T·T.\n"))
  }

  @Test func aWideCharacterCutByTheRightEdgeLeavesABlank() {
    let screen = paint(width: 5, height: 1) { $0.raw("ab日本", at: .zero, role: .price) }
    #expect(screen.lines == ["ab日"])
    #expect(screen[4, 0] == Cell(" ", role: .price))
    #expect(ScreenSnapshot.render(screen).hasSuffix("roles\nPPP·P\n"))
  }

  @Test func aWideCharacterCutByTheLeftEdgeLeavesABlank() {
    let screen = paint(width: 6, height: 1) { canvas in
      canvas.within(Rect(x: 2, y: 0, width: 4, height: 1)) { inner in
        inner.raw("日本x", at: Point(x: -1, y: 0), role: .title)
      }
    }
    // 日 would cover columns 1–2; only column 2 is inside, so it is blank.
    #expect(screen.lines == ["   本x"])
    #expect(ScreenSnapshot.render(screen).hasSuffix("roles\n..TT·T\n"))
  }

  @Test func nothingIsPaintedOutsideTheClip() {
    let screen = paint(width: 6, height: 3) { canvas in
      canvas.within(Rect(x: 1, y: 1, width: 3, height: 1)) { inner in
        inner.fill(Rect(x: -5, y: -5, width: 20, height: 20), with: "#", role: .error)
        inner.text("far away", at: Point(x: 10, y: 10))
      }
    }
    #expect(screen.lines == ["", " ###", ""])
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    let screen = paint(width: 6, height: 1) { canvas in
      canvas.raw("日本語", at: .zero)
      canvas.raw("x", at: Point(x: 1, y: 0))  // second half of 日
      canvas.raw("y", at: Point(x: 2, y: 0))  // first half of 本
    }
    #expect(screen.lines == [" xy 語"])
    #expect(screen.row(0).map(\.width) == [1, 1, 1, 1, 2, 0])
  }

  @Test func controlCharactersAreShownAsQuestionMarks() {
    let screen = paint(width: 6, height: 1) { $0.raw("a\u{1B}[b", at: .zero) }
    #expect(screen.lines == ["a?[b"])
  }

  @Test func alignedFieldsPadAndTruncate() {
    let screen = paint(width: 12, height: 3) { canvas in
      canvas.text("¥980", at: Point(x: 0, y: 0), width: 8, alignment: .trailing, role: .price)
      canvas.text("中", at: Point(x: 0, y: 1), width: 8, alignment: .center)
      canvas.text("Lifetime Pro", at: Point(x: 0, y: 2), width: 8, alignment: .leading)
    }
    #expect(screen.lines == ["    ¥980", "   中", "Lifetim…"])
  }

  @Test func boxesDrawTitlesAndReturnTheirInside() {
    var inside = Rect(size: .zero)
    let screen = paint(width: 14, height: 4) { canvas in
      inside = canvas.box(Rect(x: 0, y: 0, width: 14, height: 4), title: "商品 Products")
      canvas.rule(at: Point(x: 1, y: 2), width: 12)
    }
    #expect(inside == Rect(x: 1, y: 1, width: 12, height: 2))
    #expect(screen.lines == ["┌ 商品 Pro… ─┐", "│            │", "│────────────│", "└────────────┘"])
  }

  @Test func aBoxTooSmallForItsTitleDropsIt() {
    let screen = paint(width: 4, height: 2) {
      $0.box(Rect(x: 0, y: 0, width: 4, height: 2), title: "Long")
    }
    #expect(screen.lines == ["┌──┐", "└──┘"])
  }

  @Test func panelsMarkFocusWithTheirBorderRole() {
    let screen = paint(width: 3, height: 3) {
      $0.panel(Rect(x: 0, y: 0, width: 3, height: 3), title: nil, focused: true)
    }
    #expect(screen[0, 0].role == .borderFocused)
  }

  @Test func fillsBlankTheHalvesOfWideCharactersTheyCut() {
    let screen = paint(width: 8, height: 1) { canvas in
      canvas.raw("日本語x", at: .zero)
      // Columns 1 to 4: the second half of 日 and the first half of 語 are cut.
      canvas.fill(Rect(x: 1, y: 0, width: 4, height: 1), with: "-", role: .dim)
    }
    #expect(screen.lines == [" ---- x"])
    #expect(screen.row(0).map(\.width) == [1, 1, 1, 1, 1, 1, 1, 1])
    #expect(ScreenSnapshot.render(screen).hasSuffix("roles\n.dddd...\n"))
  }
}
