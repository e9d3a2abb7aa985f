import Foundation

/// Compares a screen with the snapshot file that records it, recording the file when asked to.
///
/// Test helpers wrap this and turn a non-matching verdict into a test failure; recording always
/// fails too, so a freshly written file is looked at before it is trusted.
public enum SnapshotFile {
  /// The result of comparing a screen with its file.
  public enum Verdict: Hashable, Sendable {
    /// The file holds exactly this screen.
    case matches
    /// The file was missing (or re-recording was asked for) and has been written.
    case recorded(path: String)
    /// The file differs; `message` shows both versions' first differing line.
    case differs(message: String)
  }

  /// Checks `screen` against the file at `url`; writes the file when it is missing or when
  /// `record` is true.
  public static func verify(_ screen: Screen, at url: URL, record: Bool) throws -> Verdict {
    let actual = ScreenSnapshot.render(screen)
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if record || existing == nil {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return .recorded(path: url.path)
    }
    guard let existing, existing != actual else { return .matches }
    let expectedLines = existing.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let index =
      Array(zip(expectedLines, actualLines)).firstIndex { $0 != $1 }
      ?? min(expectedLines.count, actualLines.count)
    let expectedLine = index < expectedLines.count ? String(expectedLines[index]) : "(end)"
    let actualLine = index < actualLines.count ? String(actualLines[index]) : "(end)"
    return .differs(
      message: """
        Snapshot \(url.lastPathComponent) differs at line \(index + 1):
          expected: \(expectedLine)
          actual:   \(actualLine)
        Whole frame:
        \(actual)
        """)
  }
}
