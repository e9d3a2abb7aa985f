import StoreTermTestSupport
import TerminalUI
import Testing

/// Backends draw only the runs of cells that changed.
@Suite struct ScreenDiffTests {
  @Test func withoutAPreviousFrameEveryRowIsARun() {
    let screen = Screen(size: Size(width: 3, height: 2))
    let runs = screen.diff(from: nil)
    #expect(runs.map(\.origin) == [Point(x: 0, y: 0), Point(x: 0, y: 1)])
    #expect(runs.map(\.cells.count) == [3, 3])
  }

  @Test func aResizeRepaintsEverything() {
    let old = Screen(size: Size(width: 3, height: 2))
    let new = Screen(size: Size(width: 4, height: 2))
    #expect(new.diff(from: old).count == 2)
  }

  @Test func identicalFramesHaveNoRuns() {
    let screen = paint(width: 5, height: 2) { $0.text("hello", at: .zero) }
    #expect(screen.diff(from: screen).isEmpty)
  }

  @Test func changedCellsFormMaximalRuns() {
    let old = paint(width: 10, height: 2) { $0.raw("abcdefghij", at: .zero) }
    let new = paint(width: 10, height: 2) { canvas in
      canvas.raw("aXYdefZhij", at: .zero)
      canvas.raw("q", at: Point(x: 9, y: 1))
    }
    let runs = new.diff(from: old)
    #expect(runs.map(\.origin) == [Point(x: 1, y: 0), Point(x: 6, y: 0), Point(x: 9, y: 1)])
    #expect(runs.map(\.text) == ["XY", "Z", "q"])
  }

  @Test func aRoleChangeIsAChange() {
    let old = paint(width: 4, height: 1) { $0.raw("abcd", at: .zero) }
    var canvas = Canvas(screen: old)
    canvas.raw("bc", at: Point(x: 1, y: 0), role: .selection)
    let new = canvas.screen
    #expect(new.diff(from: old).map(\.text) == ["bc"])
  }

  @Test func runsKeepWideCharactersWhole() {
    let old = paint(width: 6, height: 1) { $0.raw("日本語", at: .zero) }
    // Only the second half of 本 changes role…
    var new = old
    new[3, 0] = .continuation(.title)
    let runs = new.diff(from: old)
    // …but the run starts at its first half, so a renderer can draw it.
    #expect(runs.map(\.origin) == [Point(x: 2, y: 0)])
    #expect(runs[0].cells.count == 2)

    let narrow = paint(width: 6, height: 1) { $0.raw("日xy語", at: .zero) }
    let back = old.diff(from: narrow)
    #expect(back.map(\.origin) == [Point(x: 2, y: 0)])
    #expect(back.map(\.text) == ["本"])
  }
}
