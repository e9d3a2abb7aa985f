import TerminalUI
import Testing

/// Terminal column widths come from a fixed table, the same on every machine.
@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("abc", 3),
    ("", 0),
    ("日本語", 6),
    ("ｱｲｳ", 3),  // half-width katakana
    ("ＡＢ", 4),  // full-width Latin
    ("한글", 4),
    ("e\u{301}", 1),  // e + combining acute: one grapheme, one column
    ("a\u{308}o\u{308}", 2),
    ("\u{200B}", 0),  // zero-width space
    ("🎉", 2),
    ("👍🏽", 2),  // emoji with a skin-tone modifier
    ("❤️", 2),  // text heart made emoji by VS16
    ("👨‍👩‍👧", 2),  // a ZWJ family is one grapheme
    ("¥980 / month", 12),
    ("プラス 月額", 11),
  ])
  func width(of text: String, is expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test func truncationCountsColumnsNotCharacters() {
    #expect(DisplayWidth.truncated("Hello, world", toWidth: 8) == "Hello, …")
    #expect(DisplayWidth.truncated("Hello", toWidth: 5) == "Hello")
    #expect(DisplayWidth.truncated("日本語テキスト", toWidth: 7) == "日本語…")
    // The fourth CJK character would straddle the limit, so it goes whole.
    #expect(DisplayWidth.truncated("日本語テキスト", toWidth: 8) == "日本語…")
    #expect(DisplayWidth.truncated("abc", toWidth: 1) == "…")
    #expect(DisplayWidth.truncated("abc", toWidth: 0) == "")
    #expect(DisplayWidth.truncated("日本", toWidth: 1) == "…")
  }

  @Test func prefixNeverSplitsACharacter() {
    #expect(DisplayWidth.prefix("日本語", toWidth: 3) == "日")
    #expect(DisplayWidth.prefix("e\u{301}te\u{301}", toWidth: 2) == "e\u{301}t")
  }

  @Test func wrappingBreaksAtSpacesByWidth() {
    #expect(TextWrap.lines("the quick brown fox", width: 9) == ["the quick", "brown fox"])
    #expect(TextWrap.lines("日本語のテキスト", width: 6) == ["日本語", "のテキ", "スト"])
    #expect(TextWrap.lines("a\n\nb", width: 5) == ["a", "", "b"])
    // Japanese fills the line and breaks between characters, never before 。 or inside ¥480.
    #expect(
      TextWrap.lines("3か月 各¥250、その後¥480 / 月。いつでも解約できます。", width: 31) == [
        "3か月 各¥250、その後¥480 / 月。", "いつでも解約できます。",
      ])
    #expect(TextWrap.lines("価格 ¥480", width: 7) == ["価格", "¥480"])
    #expect(TextWrap.lines("the quick brown", width: 12) == ["the quick", "brown"])
  }

  /// Issue 27, item 8: a 1 MB display name wraps right (it once took minutes: quadratic).
  @Test func aOneMegabyteWordWrapsIntoLineSizedPieces() {
    let long = String(repeating: "x", count: 1_000_000)
    let lines = TextWrap.lines("Plan " + long + " ends", width: 40)
    #expect(lines.count == 25_002)
    #expect(lines.first == "Plan")
    #expect(lines.dropFirst().dropLast().allSatisfy { $0 == String(repeating: "x", count: 40) })
    #expect(lines.last == "ends")
    let wide = String(repeating: "日", count: 500_000)
    let wrapped = TextWrap.lines("価格 " + wide, width: 7)
    #expect(wrapped.first == "価格 日")
    #expect(wrapped.dropFirst().dropLast().allSatisfy { $0 == "日日日" })
    #expect(wrapped.joined().count == 2 + 500_000 + 1)
    #expect(DisplayWidth.truncated(long, toWidth: 5) == "xxxx…")
  }

  @Test func packingBreaksBetweenItems() {
    let items = ["transactionId 5", "original 5", "dev.storeterm.demo.lifetime"]
    #expect(
      TextWrap.packed(items, separator: " · ", width: 30) == [
        "transactionId 5 · original 5", "dev.storeterm.demo.lifetime",
      ])
    #expect(
      TextWrap.packed(["a", "a very long item"], separator: " · ", width: 8) == [
        "a", "a very", "long", "item",
      ])
    #expect(TextWrap.packed([], separator: " · ", width: 8) == [""])
  }
}
