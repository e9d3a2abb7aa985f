import CNCurses
import TerminalUI

/// Turns what `wget_wch` reports into ``InputEvent`` values.
enum KeyTranslation {
  /// The key for a character `wget_wch` returned with `OK`.
  static func key(character code: UInt32) -> Key? {
    switch code {
    case 10, 13: return .enter
    case 9: return .tab
    case 27: return .escape
    case 8, 127: return .backspace
    case 0: return .ctrl(" ")
    case 1...26: return .ctrl(Character(Unicode.Scalar(code + 96)!))
    case 28...31: return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .char(Character(scalar))
    }
  }

  /// The key for a function-key code `wget_wch` returned with `KEY_CODE_YES`.
  static func key(code: Int32) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_HOME, KEY_FIND, KEY_A1: return .home
    case KEY_END, KEY_SELECT, KEY_C1: return .end
    case KEY_BACKSPACE: return .backspace
    case KEY_DC: return .delete
    case KEY_BTAB: return .backTab
    case KEY_ENTER: return .enter
    case cn_key_f(1)...cn_key_f(24): return .function(Int(code - cn_key_f(0)))
    default: return nil
    }
  }
}
