import Testing

@testable import NCursesTerminal
@testable import TerminalUI

/// The line-mode backend's pure parts: byte decoding and frame text.
@Suite struct LineModeTests {
  @Test func bytesBecomeKeys() {
    var decoder = ByteKeyDecoder()
    #expect(
      decoder.feed(Array("aQ \r\n\t".utf8)) == [
        .char("a"), .char("Q"), .char(" "), .enter, .enter, .tab,
      ])
    #expect(decoder.feed([0x7F, 0x03, 0x1B]) == [.backspace, .ctrl("c"), .escape])
  }

  @Test func escapeSequencesBecomeNamedKeys() {
    var decoder = ByteKeyDecoder()
    let input =
      "\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\u{1B}[3~\u{1B}[Z\u{1B}OP\u{1B}[15~\u{1B}[24~"
    #expect(
      decoder.feed(Array(input.utf8)) == [
        .up, .down, .right, .left, .pageUp, .pageDown, .home, .end, .delete, .backTab,
        .function(1), .function(5), .function(12),
      ])
    // Unknown sequences are dropped whole rather than typed as text.
    #expect(decoder.feed(Array("\u{1B}[99~x".utf8)) == [.char("x")])
  }

  @Test func utf8SplitAcrossReadsWaitsForItsEnd() {
    var decoder = ByteKeyDecoder()
    let bytes = Array("日".utf8)
    #expect(decoder.feed(Array(bytes[0..<2])) == [])
    #expect(decoder.feed([bytes[2]] + Array("ä".utf8)) == [.char("日"), .char("ä")])
  }

  @Test func framesArePrintedAsTrimmedLines() {
    var canvas = Canvas(size: Size(width: 10, height: 3))
    canvas.box(canvas.bounds, title: "日本")
    canvas.text("ok", at: Point(x: 1, y: 1))
    #expect(
      LineModeTerminal.text(of: canvas.screen, unicode: true)
        == "┌ 日本 ──┐\r\n│ok      │\r\n└────────┘")
    #expect(
      LineModeTerminal.text(of: canvas.screen, unicode: false)
        == "+ ? ?  --+\r\n|ok      |\r\n+--------+")
  }
}
