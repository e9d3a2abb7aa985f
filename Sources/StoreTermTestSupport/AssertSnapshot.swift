import Foundation
import TerminalUI
import Testing

/// Compares `screen` with `__Snapshots__/<name>.screen` beside the calling test file.
///
/// A missing file is recorded and the test fails, so new snapshots are reviewed before they are
/// trusted; `SNAPSHOT_RECORD=1` re-records every snapshot (and fails the same way).
public func assertSnapshot(
  _ screen: Screen, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appending(path: "__Snapshots__/\(name).screen")
  let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
  do {
    switch try SnapshotFile.verify(screen, at: url, record: record) {
    case .matches:
      break
    case .recorded(let path):
      Issue.record(
        "Recorded snapshot \(path); check it and run the tests again.",
        sourceLocation: sourceLocation)
    case .differs(let message):
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  } catch {
    Issue.record("Cannot write snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
  }
}

/// A canvas of `width`×`height` painted by `paint`, as a screen.
public func paint(width: Int, height: Int, _ paint: (inout Canvas) -> Void) -> Screen {
  var canvas = Canvas(size: Size(width: width, height: height))
  paint(&canvas)
  return canvas.screen
}
