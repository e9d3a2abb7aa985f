import Foundation
import StoreTermTestSupport
import Testing

/// `storeterm transactions --pending`: the requests that are not transactions yet, each with the
/// command that completes it, so QA can find the number `manage approve` needs.
@Suite struct PendingRequestsTests {
  @Test func thePendingListNamesEachRequestAndTheCommandThatCompletesIt() async throws {
    let db = try LedgerCommandTests.database()
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.themes", "--ask-to-buy", "--db", db])
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.lifetime", "--interrupted", "--db", db])
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.seasonpass", "--db", db])

    let all = await runStoreTerm(["transactions", "--db", db])
    #expect(all.status == 0)
    #expect(
      all.standardOutput.hasSuffix(
        "2 requests wait for approval or a resolution: storeterm transactions --pending\n"))

    let pending = await runStoreTerm(["transactions", "--pending", "--db", db])
    #expect(pending.status == 0)
    let lines = pending.standardOutput.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    #expect(lines.count == 3)
    #expect(lines[0] == ["ID", "PRODUCT", "STATE", "REQUESTED", "COMPLETE", "WITH"])
    #expect(lines[1].first == "1")
    #expect(lines[1].suffix(4) == ["storeterm", "manage", "approve", "1"])
    #expect(lines[1].contains("pending") && lines[1].contains("approval"))
    #expect(lines[2].first == "2")
    #expect(lines[2].contains("interrupted"))
    #expect(lines[2].suffix(4) == ["storeterm", "manage", "resolve", "2"])

    let json = await runStoreTerm(["transactions", "--pending", "--json", "--db", db])
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(parsed.map { $0["transactionId"] as? String } == ["1", "2"])
    #expect(parsed.map { $0["state"] as? String } == ["pendingApproval", "interrupted"])
    #expect(
      parsed.map { $0["completeWith"] as? String }
        == ["storeterm manage approve 1", "storeterm manage resolve 2"])

    // Once approved and resolved, nothing waits.
    _ = await runStoreTerm(["manage", "approve", "1", "--db", db])
    _ = await runStoreTerm(["manage", "resolve", "2", "--db", db])
    let none = await runStoreTerm(["transactions", "--pending", "--db", db])
    #expect(none.standardOutput == "no pending requests for customer default\n")
  }
}
