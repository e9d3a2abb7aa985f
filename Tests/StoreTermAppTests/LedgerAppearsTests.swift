import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

@testable import StoreTermApp

/// Issue 24, item 8: a UI watches for the ledger another process creates, at its watch's next
/// look, whether the UI made the file it opened or the state folder was emptied since.
@MainActor @Suite struct LedgerAppearsTests {
  private func expectThePurchaseIsShown(_ frontEnd: HeadlessFrontEnd) throws {
    let snapshot = try #require(frontEnd.snapshot)
    #expect(snapshot.records.map(\.id) == [1])
    #expect(snapshot.entitledProductIDs == [Fixtures.themes])
    #expect(snapshot.events.contains { $0.kind == "purchased" && $0.transactionID == 1 })
    #expect(snapshot.transactionPage?.rows.map(\.id) == [1])
  }

  @Test func aLedgerMadeByAnotherProcessAfterTheUIStartedIsShown() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let frontEnd = try await HeadlessFrontEnd(database: database)
    #expect(frontEnd.snapshot?.records == [])
    let bought = await runStoreTerm(["--db", database, "purchase", Fixtures.themes])
    #expect(bought.status == 0, "\(bought.standardError)")
    await frontEnd.takeInOtherProcesses()
    try expectThePurchaseIsShown(frontEnd)
    await frontEnd.stop()
  }

  @Test func aLedgerCreatedInTheEmptiedStateFolderReplacesTheOneTheUIOpened() async throws {
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let frontEnd = try await HeadlessFrontEnd(database: database)
    #expect(frontEnd.snapshot?.records == [])
    // A second terminal empties the state folder, and its next command creates a new ledger.
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      try FileManager.default.removeItem(at: directory.appending(path: name))
    }
    // A look at the folder while it is empty changes nothing: the UI never creates a ledger.
    await frontEnd.takeInOtherProcesses()
    #expect(!FileManager.default.fileExists(atPath: database))
    let bought = await runStoreTerm(["--db", database, "purchase", Fixtures.themes])
    #expect(bought.status == 0, "\(bought.standardError)")
    await frontEnd.takeInOtherProcesses()
    try expectThePurchaseIsShown(frontEnd)
    // The watch goes on reading the new file.
    let more = await runStoreTerm(["--db", database, "purchase", Fixtures.lifetime])
    #expect(more.status == 0, "\(more.standardError)")
    await frontEnd.takeInOtherProcesses()
    #expect(frontEnd.snapshot?.records.map(\.id) == [2, 1])
    await frontEnd.stop()
  }
}
