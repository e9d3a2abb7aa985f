import CNCurses
import TerminalUI
import Testing

@testable import NCursesTerminal

/// Home, End, paging, Delete and Insert decode to one key each, as tmux sends them under
/// `TERM=screen`, `tmux-256color` and `xterm`, and as xterm and rxvt send them.
@Suite struct KeySequenceTests {
  /// Each sequence after its Escape byte, and the key it must be (nil: swallowed whole).
  static let expected: [(String, Key?)] = [
    ("[1~", .home), ("[4~", .end), ("[H", .home), ("[F", .end), ("OH", .home), ("OF", .end),
    ("[5~", .pageUp), ("[6~", .pageDown), ("[3~", .delete), ("[2~", nil), ("[7~", .home),
    ("[8~", .end),
  ]

  @Test(arguments: expected.map(\.0))
  func theLineDecoderReadsTheSequenceAsOneKey(bytes: String) {
    let key = Self.expected.first { $0.0 == bytes }!.1
    var decoder = ByteKeyDecoder()
    // Followed by `x`, so a sequence read as Escape then text would show.
    let keys = decoder.feed(Array("\u{1B}\(bytes)x".utf8))
    #expect(keys == (key.map { [$0] } ?? []) + [.char("x")])
  }

  @Test(arguments: expected.map(\.0))
  func cursesIsTaughtTheSequenceAsTheSameKey(bytes: String) throws {
    let key = Self.expected.first { $0.0 == bytes }!.1
    let entry = try #require(KeySequences.entries.first { $0.bytes == bytes })
    #expect(entry.key == key)
    #expect(KeyTranslation.key(code: entry.code) == key)
  }

  @Test func aSequenceSplitAcrossReadsIsNotTypedAsText() {
    var decoder = ByteKeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[1".utf8)) == [])
    #expect(decoder.feed(Array("~".utf8)) == [.home])
    #expect(decoder.feed(Array("\u{1B}".utf8)) == [.escape])
    #expect(decoder.feed(Array("\u{1B}O".utf8)) == [])
    #expect(decoder.feed(Array("F1".utf8)) == [.end, .char("1")])
  }

  @Test func terminfoNamesForTheSameBytesReadAsHomeAndEnd() {
    #expect(KeyTranslation.key(code: KEY_FIND) == .home)
    #expect(KeyTranslation.key(code: KEY_SELECT) == .end)
    #expect(KeyTranslation.key(code: KEY_IC) == nil)
  }
}
