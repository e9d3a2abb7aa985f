import Foundation
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// A change another process makes reaches the front end at its watch's next look, with no
/// StoreKit configuration shared between them (the differential walk's harness).
@MainActor @Suite struct OtherProcessApprovalTests {
  @Test func anApprovalFromAnotherProcessGrantsOnTheScreen() async throws {
    let database = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    let frontEnd = try await HeadlessFrontEnd(database: database)
    let id = "dev.storeterm.demo.themes"
    let asked = await runStoreTerm(["--db", database, "purchase", id, "--ask-to-buy"])
    #expect(asked.status == 0, "\(asked.standardError)")
    await frontEnd.takeInOtherProcesses()
    #expect(frontEnd.snapshot?.entitledProductIDs == [])
    let approved = await runStoreTerm(["--db", database, "manage", "approve", "1"])
    #expect(approved.status == 0, "\(approved.standardError)")
    await frontEnd.takeInOtherProcesses()
    #expect(frontEnd.snapshot?.entitledProductIDs == [id])
    await frontEnd.stop()
  }
}
