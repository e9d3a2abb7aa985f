import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermApp

/// No word cut outside a table cell on any screen, sheet or modal, in English, German and
/// Japanese at 60×18 and 80×24; and the Japanese ones at 60×18 as snapshots.
@Suite struct EveryScreenReadableTests {
  @Test(arguments: ReadableCases.demos)
  func noWordIsCutOutsideTableCells(storefront: String, locale: String, prefix: String) {
    for (name, state) in ReadableCases.all(storefront: storefront, locale: locale) {
      for size in ScreenSnapshotTests.sizes {
        var sized = state
        sized.size = size
        let screen = StoreTermApp.view(sized, size: size)
        let cuts = CutWords.cuts(
          on: screen, over: ReadableCases.background(sized, size: size))
        #expect(cuts == [], "\(prefix)-\(name) at \(size)")
      }
    }
  }

  @Test func everyScreenInJapaneseAt60x18() {
    let size = ReadableLayoutTests.small
    for (name, state) in ReadableCases.all(storefront: "JPN", locale: "ja_JP") {
      var sized = state
      sized.size = size
      assertSnapshot(StoreTermApp.view(sized, size: size), named: "ja-\(name)-\(size)")
    }
  }

  /// The check finds a sentence cut with `…`, passes table cells cut with it, and skips the
  /// screen beneath a sheet.
  @Test func theCheckTellsSentencesFromCells() {
    let sentence = paint(width: 20, height: 1) {
      $0.text("Billing failed; access continues", at: .zero)
    }
    #expect(CutWords.cuts(on: sentence) == ["row 0: acc…"])
    let cells = paint(width: 20, height: 1) { canvas in
      canvas.text("5", at: .zero, width: 2, alignment: .trailing)
      canvas.text("Lifetime Unlock", at: Point(x: 4, y: 0), width: 9, alignment: .leading)
    }
    #expect(CutWords.cuts(on: cells) == [])
    #expect(CutWords.cuts(on: sentence, over: sentence) == [])
  }
}
