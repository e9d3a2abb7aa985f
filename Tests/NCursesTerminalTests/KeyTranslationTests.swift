import CNCurses
import Testing

@testable import NCursesTerminal

/// Curses key codes become terminal-independent keys.
@Suite struct KeyTranslationTests {
  @Test func charactersAndControlKeys() {
    #expect(KeyTranslation.key(character: 10) == .enter)
    #expect(KeyTranslation.key(character: 13) == .enter)
    #expect(KeyTranslation.key(character: 9) == .tab)
    #expect(KeyTranslation.key(character: 27) == .escape)
    #expect(KeyTranslation.key(character: 127) == .backspace)
    #expect(KeyTranslation.key(character: 3) == .ctrl("c"))
    #expect(KeyTranslation.key(character: 0x65E5) == .char("日"))
    #expect(KeyTranslation.key(character: 0xD800) == nil)  // a lone surrogate is no character
  }

  @Test func functionKeys() {
    #expect(KeyTranslation.key(code: KEY_UP) == .up)
    #expect(KeyTranslation.key(code: KEY_NPAGE) == .pageDown)
    #expect(KeyTranslation.key(code: KEY_BTAB) == .backTab)
    #expect(KeyTranslation.key(code: KEY_DC) == .delete)
    #expect(KeyTranslation.key(code: cn_key_f(5)) == .function(5))
    #expect(KeyTranslation.key(code: KEY_MOUSE) == nil)
  }

  @Test func asciiStandInsKeepFramesReadable() {
    #expect(AsciiFallback.character(for: "┌") == "+")
    #expect(AsciiFallback.character(for: "─") == "-")
    #expect(AsciiFallback.character(for: "a") == "a")
    #expect(AsciiFallback.character(for: "日") == "?")
  }
}
