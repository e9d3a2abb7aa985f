import Foundation
import StoreCore
import StorePersistence
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// `storeterm family`: joining, listing and leaving a Family Sharing group from the command
/// line, what members then see, and the refusals.
@Suite struct FamilyCommandTests {
  /// Every event in the ledger at `db`, as `customer kind` lines.
  static func events(_ db: String) throws -> [String] {
    try SQLiteLedger(location: .file(db)).events(after: 0, limit: 10_000)
      .map { "\($0.customerID) \($0.kind.rawValue)" }
  }

  /// The `entitlements` JSON array for `customer`.
  static func entitlements(_ db: String, customer: String) async throws -> [JSONValue] {
    let run = await runStoreTerm(["entitlements", "--customer", customer, "--json", "--db", db])
    #expect(run.status == 0, "\(run.standardError)")
    guard case .array(let items) = try JSONParser.parse(run.standardOutput) else { return [] }
    return items
  }

  @Test func joiningSharesTheFamilysPurchasesAndLeavingRevokesThem() async throws {
    let db = try LedgerCommandTests.database()
    let alone = await runStoreTerm(["family", "--db", db])
    #expect(alone.status == 0)
    #expect(alone.standardOutput == "customer default is not in a family group\n")
    let first = await runStoreTerm(["family", "join", "smiths", "--db", db])
    #expect(first.status == 0)
    #expect(
      first.standardOutput
        == "customer default joined family group smiths; received 0 shared transactions\n")
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.lifetime", "--db", db])
    let second = await runStoreTerm(["family", "join", "smiths", "--customer", "alice", "--db", db])
    #expect(second.status == 0, "\(second.standardError)")
    #expect(
      second.standardOutput
        == "customer alice joined family group smiths; received 1 shared transaction\n")
    let shared = try await Self.entitlements(db, customer: "alice")
    #expect(shared.map { $0["inAppOwnershipType"] } == [.string("FAMILY_SHARED")])
    #expect(shared.map { $0["productId"] } == [.string("dev.storeterm.demo.lifetime")])
    #expect(shared.map { $0["transactionId"] } == [.string("2")])
    let table = await runStoreTerm(["transactions", "--customer", "alice", "--db", db])
    #expect(
      table.standardOutput.split(separator: "\n").last?.hasSuffix("family shared") == true)
    let list = await runStoreTerm(["family", "--customer", "alice", "--db", db])
    #expect(
      list.standardOutput.split(separator: "\n") == [
        "family group smiths", "CUSTOMER     NAME", "default      Default Customer",
        "alice (you)  alice",
      ])
    let json = await runStoreTerm(["family", "--json", "--db", db])
    let value = try JSONParser.parse(json.standardOutput)
    #expect(value["familyGroup"] == .string("smiths"))
    #expect(value["members"] == .array([.string("default"), .string("alice")]))
    let leave = await runStoreTerm(["family", "leave", "--customer", "alice", "--db", db])
    #expect(leave.status == 0)
    #expect(
      leave.standardOutput
        == "customer alice left family group smiths; shared access was revoked\n")
    #expect(try await Self.entitlements(db, customer: "alice").isEmpty)
    let history = await runStoreTerm(["transactions", "--customer", "alice", "--json", "--db", db])
    guard case .array(let all) = try JSONParser.parse(history.standardOutput) else {
      Issue.record("not an array")
      return
    }
    #expect(all.map { $0["revocationType"] } == [.string("FAMILY_REVOKE")])
    #expect(all.map { $0["revocationReason"] } == [.number("0")])
    let revokedTable = await runStoreTerm(["transactions", "--customer", "alice", "--db", db])
    #expect(
      revokedTable.standardOutput.split(separator: "\n").last?.hasSuffix("family revoked") == true)
    #expect(try await Self.entitlements(db, customer: "default").count == 1)
    // The member's app (the next command run as alice) received the copy and finished it.
    let kinds = try Self.events(db).filter { $0.hasPrefix("alice ") }
    #expect(
      kinds == [
        "alice customerCreated", "alice familyJoined", "alice familyShared", "alice finished",
        "alice familyLeft", "alice familyRevoked",
      ])
  }

  @Test(arguments: [
    (["family", "leave"], "customer \"default\" is not in a family group"),
    (
      ["family", "join", "the smiths"],
      "family group \"the smiths\" is not a valid name: use 1 to 64 letters, digits, '-', '_' or '.'"
    ),
    (
      ["family", "join", String(repeating: "x", count: 65)],
      "family group \"\(String(repeating: "x", count: 65))\" is not a valid name: use 1 to 64"
        + " letters, digits, '-', '_' or '.'"
    ),
  ])
  func badInputIsOneSentenceAndChangesNothing(arguments: [String], message: String) async throws {
    let db = try LedgerCommandTests.database()
    _ = await runStoreTerm(["family", "--db", db])
    let before = try Self.events(db)
    let run = await runStoreTerm(arguments + ["--db", db])
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "storeterm: " + message + "\n")
    #expect(try Self.events(db) == before)
  }

  @Test func joiningASecondFamilyIsRefusedAndChangesNothing() async throws {
    let db = try LedgerCommandTests.database()
    _ = await runStoreTerm(["family", "join", "smiths", "--db", db])
    let before = try Self.events(db)
    let run = await runStoreTerm(["family", "join", "joneses", "--db", db])
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "storeterm: customer \"default\" is already in family group \"smiths\"; leave it first\n"
    )
    #expect(try Self.events(db) == before)
  }

  @Test(arguments: [
    (["family", "frob"], "storeterm: 'frob' is not a family action (join or leave)"),
    (["family", "join"], "storeterm: 'family join' needs a family group name such as smiths"),
    (
      ["family", "leave", "smiths"], "storeterm: unexpected argument 'smiths' after 'family leave'"
    ),
  ])
  func usageErrors(arguments: [String], message: String) async throws {
    let db = try LedgerCommandTests.database()
    let run = await runStoreTerm(arguments + ["--db", db])
    #expect(run.status == 64)
    #expect(run.standardError == message + "\n" + CommandLineErrorTests.usage)
  }

  @Test func theSupportExplainerNamesTheFamilyMemberWhoSharedTheAccess() async throws {
    let db = try LedgerCommandTests.database()
    _ = await runStoreTerm(["family", "join", "smiths", "--db", db])
    _ = await runStoreTerm(["family", "join", "smiths", "--customer", "alice", "--db", db])
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.lifetime", "--db", db])
    let run = await runStoreTerm(["customer", "alice", "--json", "--db", db])
    #expect(run.status == 0, "\(run.standardError)")
    guard case .array(let lines)? = try JSONParser.parse(run.standardOutput)["entitlements"],
      let line = lines.first, case .string(let reason)? = line["reason"]
    else {
      Issue.record("no entitlements")
      return
    }
    #expect(lines.count == 1)
    #expect(line["code"] == .string("family_shared"))
    #expect(line["access"] == .bool(true))
    #expect(reason.hasPrefix("shared by default since "))
    #expect(
      try JSONParser.parse(run.standardOutput)["customer"]?["familyGroup"] == .string("smiths"))
    let text = await runStoreTerm(["customer", "alice", "--db", db])
    #expect(
      text.standardOutput.hasPrefix(
        "customer alice · alice · alice@storeterm.test · USA · family smiths\n"))
    #expect(text.standardOutput.contains("yes     shared by default since "))
    _ = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    let subscribed = await runStoreTerm(["customer", "alice", "--json", "--db", db])
    guard case .array(let after)? = try JSONParser.parse(subscribed.standardOutput)["entitlements"],
      case .string(let groupReason)? = after.first?["reason"]
    else {
      Issue.record("no entitlements")
      return
    }
    #expect(after.first?["subject"] == .string("group"))
    #expect(after.first?["code"] == .string("family_shared"))
    #expect(groupReason.hasPrefix("via Plus Monthly: shared by default, active, renews "))
    // The timeline names the purchaser too.
    let timeline = await runStoreTerm(["customer", "alice", "--db", db])
    #expect(timeline.standardOutput.contains("Lifetime Unlock shared by default"))
  }
}
