import Foundation

/// Reads theme files: JSON objects that restyle semantic roles on top of a built-in theme.
///
/// ```json
/// { "name": "ocean", "base": "default",
///   "roles": { "selection": ["bold", "black", "on:cyan"], "price": ["208"] } }
/// ```
///
/// Each role holds a list of words: attributes (`bold`, `dim`, `reverse`, `underline`,
/// `italic`), a foreground color (an ANSI name such as `cyan` or `bright-red`, `default`, or a
/// palette index `0`–`255`) and a background color written `on:COLOR`. A listed role replaces the
/// base's style for that role entirely.
public enum ThemeFile {
  /// The keys a theme file may hold at its top level.
  public static let topLevelKeys = ["base", "name", "roles"]

  /// Loads the theme file at `url`; errors name the file as `url.path`.
  public static func load(contentsOf url: URL) throws(ThemeFileError) -> Theme {
    let path = url.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw ThemeFileError("Theme file \(path) does not exist.")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ThemeFileError("Theme file \(path) cannot be read.")
    }
    return try parse(data, fileName: path)
  }

  /// Reads a theme from the bytes of a file called `fileName` (used in error messages).
  public static func parse(_ data: Data, fileName: String) throws(ThemeFileError) -> Theme {
    let prefix = "Theme file \(fileName)"
    guard let root = try? JSONSerialization.jsonObject(with: data, options: [])
    else { throw ThemeFileError("\(prefix) is not valid JSON.") }
    guard let object = root as? [String: Any] else {
      throw ThemeFileError("\(prefix) must hold a JSON object with \"roles\".")
    }
    // Sorted so that, of several mistakes, the same one is always reported.
    for key in object.keys.sorted() where !topLevelKeys.contains(key) {
      throw ThemeFileError(
        "\(prefix) has an unknown key \(Self.quoted(key)) (expected \"name\", \"base\" or \"roles\")."
      )
    }
    var theme = try base(object["base"], prefix: prefix)
    if let name = object["name"] {
      guard let name = name as? String else {
        throw ThemeFileError("\(prefix): \"name\" must be a string.")
      }
      theme.name = name
    } else {
      theme.name = URL(fileURLWithPath: fileName).deletingPathExtension().lastPathComponent
    }
    guard let roles = object["roles"] else { return theme }
    guard let roles = roles as? [String: Any] else {
      throw ThemeFileError(
        "\(prefix): \"roles\" must be an object from role names to lists of words.")
    }
    for key in roles.keys.sorted() {
      guard let role = StyleRole(rawValue: key) else {
        let known = StyleRole.allCases.map(\.rawValue).joined(separator: ", ")
        throw ThemeFileError(
          "\(prefix): unknown role \(Self.quoted(key)) in \"roles\" (known roles: \(known)).")
      }
      theme.styles[role] = try style(roles[key]!, role: key, prefix: prefix)
    }
    return theme
  }

  private static func base(_ value: Any?, prefix: String) throws(ThemeFileError) -> Theme {
    guard let value else { return .default }
    switch value as? String {
    case "default": return .default
    case "monochrome": return .monochrome
    default:
      throw ThemeFileError("\(prefix): \"base\" must be \"default\" or \"monochrome\".")
    }
  }

  private static func style(_ value: Any, role: String, prefix: String) throws(ThemeFileError)
    -> Style
  {
    guard let words = value as? [Any], let strings = words as? [String],
      strings.count == words.count
    else {
      throw ThemeFileError(
        "\(prefix): role \"\(role)\" must be a list of words such as [\"bold\", \"cyan\", \"on:black\"]."
      )
    }
    var style = Style()
    for word in strings {
      if let attribute = TextAttributes.names.first(where: { $0.0 == word })?.1 {
        style.attributes.insert(attribute)
      } else if word.hasPrefix("on:"), let color = TermColor(name: String(word.dropFirst(3))) {
        style.background = color
      } else if let color = TermColor(name: word) {
        style.foreground = color
      } else {
        throw ThemeFileError(
          "\(prefix): role \"\(role)\" has an unknown color or attribute \(Self.quoted(word)).")
      }
    }
    return style
  }

  /// `text` in double quotes with quotes, backslashes and control characters escaped, so a
  /// message stays one line whatever a file contains.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case let control where control.value < 0x20 || control.value == 0x7F:
        result += "\\u{\(String(control.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
