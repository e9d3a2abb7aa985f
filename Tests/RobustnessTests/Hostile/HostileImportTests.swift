import Foundation
import StoreCore
import StoreJWS
import StoreTermTestSupport
import Testing

/// Issue 27, item 7: `import FILE` has the `.storekit` files' 32 MB cap, and a file of items
/// that do not verify prints a bounded summary, not a line per item.
@Suite struct HostileImportTests {
  /// A root certificate to import against, in a fresh folder.
  private func root() async throws -> (folder: URL, root: String, db: String) {
    let (folder, db) = try await HostileFixture.ledger()
    let root = folder.appending(path: "root.pem").path
    #expect(await runStoreTerm(["cert", "--out", root, "--db", db]).status == 0)
    return (folder, root, db)
  }

  @Test func aFileOver32MBIsRefused() async throws {
    let (folder, root, db) = try await root()
    let file = folder.appending(path: "huge.txt").path
    #expect(FileManager.default.createFile(atPath: file, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.truncate(atOffset: 33 * 1_048_576)  // sparse: costs no disk
    try handle.close()
    await HostileFixture.expectRefusal(
      ["import", file, "--root", root], db: db, error: "\(file): is 33 MB, larger than 32 MB\n")
  }

  @Test func unverifiedItemsAreListedUpToTwenty() async throws {
    let (folder, root, _) = try await root()
    let header = Base64.urlEncode(Array(#"{"alg":"ES256"}"#.utf8))
    let lines = (1...25).map { id in
      let payload = Base64.urlEncode(Array(#"{"transactionId":"\#(id)"}"#.utf8))
      return "\(header).\(payload).c2lnbmF0dXJl"
    }
    let file = folder.appending(path: "garbage.txt").path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
    let target = folder.appending(path: "support.sqlite").path
    let run = await runStoreTerm(["import", file, "--root", root, "--db", target])
    #expect(run.status == 0, "\(run.standardError)")
    let listed = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("unverified ") }
    #expect(listed.count == 20)
    #expect(run.standardOutput.contains("\n… and 5 more unverified items\n"))
  }
}
