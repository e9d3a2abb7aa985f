/// A stable text form of a ``Screen`` for snapshot tests: the text layer, then the style layer.
///
/// ```
/// screen 12x2
/// ┌ 日本 ────┐
/// └──────────┘
/// roles
/// BTT·T·BBBBBB
/// BBBBBBBBBBBB
/// ```
///
/// Text rows are the characters shown with trailing spaces removed (editors strip them anyway);
/// role rows hold one letter per column, as ``StyleRole/snapshotLetter`` defines, with `·` for the
/// second column of a wide character. The format does not depend on the theme.
public enum ScreenSnapshot {
  /// The letter written for the second column of a wide character.
  public static let continuationLetter: Character = "·"

  /// The snapshot text of `screen`, ending in a newline.
  public static func render(_ screen: Screen) -> String {
    var lines = ["screen \(screen.size)"]
    lines += screen.lines
    lines.append("roles")
    for y in 0..<screen.size.height {
      lines.append(
        String(
          screen.row(y).map { $0.isContinuation ? continuationLetter : $0.role.snapshotLetter }))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Rebuilds the screen a snapshot describes.
  public static func parse(_ text: String) throws(SnapshotFormatError) -> Screen {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    guard let header = lines.first, header.hasPrefix("screen ") else {
      throw SnapshotFormatError("A snapshot must start with \"screen WIDTHxHEIGHT\".")
    }
    let numbers = header.dropFirst("screen ".count).split(separator: "x").compactMap { Int($0) }
    guard numbers.count == 2 else {
      throw SnapshotFormatError("The snapshot header \"\(header)\" has no WIDTHxHEIGHT size.")
    }
    let size = Size(width: numbers[0], height: numbers[1])
    guard lines.count == 2 + 2 * size.height, lines[1 + size.height] == "roles" else {
      throw SnapshotFormatError(
        "A \(size) snapshot must hold \(size.height) text rows, \"roles\" and \(size.height) role rows."
      )
    }
    var screen = Screen(size: size)
    for y in 0..<size.height {
      let roles = Array(lines[2 + size.height + y])
      guard roles.count == size.width else {
        throw SnapshotFormatError(
          "Role row \(y + 1) has \(roles.count) letters, not \(size.width).")
      }
      var text = Array(lines[1 + y])
      var x = 0
      while x < size.width {
        let character = text.isEmpty ? " " : text.removeFirst()
        guard let role = StyleRole(snapshotLetter: roles[x]) else {
          throw SnapshotFormatError(
            "Role row \(y + 1), column \(x + 1) has the unknown letter \"\(roles[x])\".")
        }
        if DisplayWidth.of(character) == 2 {
          guard x + 1 < size.width, roles[x + 1] == continuationLetter else {
            throw SnapshotFormatError(
              "Row \(y + 1), column \(x + 1) holds a wide character without \"·\" after it.")
          }
          screen[x, y] = Cell(character, role: role, width: 2)
          screen[x + 1, y] = .continuation(role)
          x += 2
        } else {
          screen[x, y] = Cell(character, role: role)
          x += 1
        }
      }
      guard text.isEmpty else {
        throw SnapshotFormatError("Text row \(y + 1) is wider than \(size.width) columns.")
      }
    }
    return screen
  }
}

/// Why snapshot text could not be read back into a screen.
public struct SnapshotFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The sentence explaining the problem.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  /// The sentence explaining the problem.
  public var description: String { message }
}
