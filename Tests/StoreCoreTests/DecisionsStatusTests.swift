import Foundation
import StoreTermTestSupport
import Testing

/// Every entry of `Docs/DECISIONS.md` says whether it still holds: a reader can tell a current
/// decision from one a later entry replaced without reading the whole log.
@Suite struct DecisionsStatusTests {
  @Test func everyEntryOpensWithItsStatus() throws {
    let log = try String(
      contentsOf: TestPaths.packageRoot.appending(path: "Docs/DECISIONS.md"), encoding: .utf8)
    let lines = log.split(separator: "\n", omittingEmptySubsequences: true)
    var entries = 0
    for (index, line) in lines.enumerated() where line.hasPrefix("## ") {
      entries += 1
      let next = index + 1 < lines.count ? lines[index + 1] : ""
      #expect(
        next.hasPrefix("Status: current") || next.hasPrefix("Status: superseded"),
        "\(line) opens with \"\(next)\", not a status")
    }
    #expect(entries >= 30)
  }
}
