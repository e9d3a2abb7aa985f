import Foundation
import TerminalUI

/// The themes storeterm carries, by name: the files in `Themes/`, compiled in so the binary
/// needs no files beside it (a test checks they match the files).
enum BuiltInThemes {
  /// Theme file text by name.
  static let files: [String: String] = [
    "default": """
    {
      "name": "default",
      "base": "default",
      "roles": {}
    }
    """,
    "light": """
    {
      "name": "light",
      "base": "default",
      "roles": {
        "dim": ["bright-black"],
        "title": ["bold", "blue"],
        "border": ["bright-black"],
        "borderFocused": ["blue"],
        "selection": ["white", "on:blue"],
        "selectionInactive": ["on:bright-white"],
        "price": ["bold", "green"],
        "badge": ["white", "on:magenta"],
        "key": ["bold", "blue"],
        "warning": ["bold", "magenta"]
      }
    }
    """,
    "high-contrast": """
    {
      "name": "high-contrast",
      "base": "default",
      "roles": {
        "normal": ["bright-white"],
        "dim": ["white"],
        "title": ["bold", "bright-yellow"],
        "border": ["bright-white"],
        "borderFocused": ["bold", "bright-yellow"],
        "selection": ["bold", "black", "on:bright-yellow"],
        "selectionInactive": ["black", "on:white"],
        "price": ["bold", "bright-green"],
        "badge": ["bold", "black", "on:bright-cyan"],
        "success": ["bold", "bright-green"],
        "warning": ["bold", "bright-yellow"],
        "error": ["bold", "bright-white", "on:red"],
        "key": ["bold", "underline", "bright-cyan"],
        "keyHint": ["bright-white"],
        "keyHintDisabled": ["white"]
      }
    }
    """,
    "monochrome": """
    {
      "name": "monochrome",
      "base": "monochrome",
      "roles": {}
    }
    """,
  ]

  /// The theme `--theme` names (a built-in name or a file path), or the default: monochrome
  /// when `NO_COLOR` is set, as https://no-color.org asks.
  static func resolve(_ option: String?, environment: [String: String]) throws -> Theme {
    guard let option else {
      return (environment["NO_COLOR"] ?? "").isEmpty ? .default : .monochrome
    }
    let theme: Theme
    if let text = files[option] {
      theme = try ThemeFile.parse(Data(text.utf8), fileName: "Themes/\(option).json")
    } else if option.contains("/") || option.hasSuffix(".json") {
      do {
        theme = try ThemeFile.load(contentsOf: URL(fileURLWithPath: option))
      } catch {
        throw CommandFailure(error.message)
      }
    } else {
      throw UsageError(
        "--theme \(option): not a theme (\(files.keys.sorted().joined(separator: ", ")), or a path to a .json file)"
      )
    }
    // NO_COLOR still drops the colors of a chosen theme; its attributes stay.
    return (environment["NO_COLOR"] ?? "").isEmpty ? theme : theme.withoutColors
  }
}
