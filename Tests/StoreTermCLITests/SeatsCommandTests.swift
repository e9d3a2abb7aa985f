import Foundation
import StoreCore
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// `storeterm seats`: a group purchaser gives and takes back seats of a multiseat subscription
/// (Apple-hosted invitations), what the member then sees, and the refusals.
@Suite struct SeatsCommandTests {
  static let team = "dev.storeterm.bundles.team"

  /// A ledger where `alice` bought 2 seats of Team, with the options every run takes.
  static func bought() async throws -> [String] {
    let db = try SubscriptionCommandTests.database()
    let common = ["--db", db, "--config", BundleCommandTests.config]
    let bought = await runStoreTerm(
      ["purchase", team, "--seats", "2", "--customer", "alice"] + common)
    #expect(bought.status == 0, "\(bought.standardError)")
    return common
  }

  @Test func aSeatIsGivenListedAndTakenBack() async throws {
    let common = try await Self.bought()
    let alice = ["--customer", "alice"] + common
    let assign = await runStoreTerm(
      ["seats", "assign", "--product", Self.team, "--member", "bob"] + alice)
    #expect(assign.status == 0, "\(assign.standardError)")
    #expect(
      assign.standardOutput
        == "customer bob got a seat of \(Self.team) from alice (0 free); received 1 transaction"
        + " (ASSIGNED)\n")
    let table = await runStoreTerm(["seats"] + alice)
    #expect(
      table.standardOutput.split(separator: "\n") == [
        "PRODUCT                     INVITATIONS  SEATS  FREE  MEMBERS",
        "dev.storeterm.bundles.team  APPLE        2      0     bob",
      ])
    let json = await runStoreTerm(["seats", "list", "--json"] + alice)
    #expect(
      try JSONParser.parse(json.standardOutput)
        == .array([
          .object([
            JSONMember("productId", .string(Self.team)),
            JSONMember("originalTransactionId", .string("1")),
            JSONMember("invitationManagement", .string("APPLE")),
            JSONMember("seats", .number("2")),
            JSONMember("freeSeats", .number("0")),
            JSONMember("active", .bool(true)),
            JSONMember("members", .array([.string("bob")])),
          ])
        ]))
    let bob = ["--customer", "bob"] + common
    let entitled = await runStoreTerm(["entitlements", "--json"] + bob)
    guard case .array(let items) = try JSONParser.parse(entitled.standardOutput) else {
      Issue.record("entitlements --json is an array: \(entitled.standardOutput)")
      return
    }
    #expect(items.map { $0["inAppOwnershipType"] } == [.string("ASSIGNED")])
    #expect(items.map { $0["quantity"] } == [.number("2")])
    let status = await runStoreTerm(["status", "--json"] + bob)
    guard case .array(let statuses) = try JSONParser.parse(status.standardOutput) else {
      Issue.record("status --json is an array: \(status.standardOutput)")
      return
    }
    #expect(statuses.map { $0["state"] } == [.string("subscribed")])
    #expect(statuses.map { $0["transaction"]?["inAppOwnershipType"] } == [.string("ASSIGNED")])
    let listed = await runStoreTerm(["transactions"] + bob)
    #expect(listed.standardOutput.split(separator: "\n").last?.hasSuffix("  assigned") == true)
    let explained = await runStoreTerm(["customer", "bob"] + common)
    #expect(
      explained.standardOutput.contains("  Team        yes     seat assigned by alice, active"))

    let remove = await runStoreTerm(
      ["seats", "remove", "--product", Self.team, "--member", "bob"] + alice)
    #expect(remove.status == 0, "\(remove.standardError)")
    #expect(
      remove.standardOutput
        == "customer bob lost their seat of \(Self.team) from alice (1 free); 1 transaction"
        + " revoked (ASSIGNMENT_REVOKE)\n")
    let revoked = await runStoreTerm(["transactions", "--json"] + bob)
    guard case .array(let all) = try JSONParser.parse(revoked.standardOutput) else {
      Issue.record("transactions --json is an array: \(revoked.standardOutput)")
      return
    }
    #expect(all.map { $0["revocationType"] } == [.string("ASSIGNMENT_REVOKE")])
    #expect(all.map { $0["revocationReason"] } == [.number("0")])
    let after = await runStoreTerm(["transactions"] + bob)
    #expect(
      after.standardOutput.split(separator: "\n").last?.hasSuffix("  assignment revoked") == true)
    let why = await runStoreTerm(["customer", "bob"] + common)
    #expect(why.standardOutput.contains("  Team        no      assigned seat revoked "))
    #expect(
      why.standardOutput.contains("  REVOKE                  Assigned seat of Team revoked\n"))
    let purchaser = await runStoreTerm(["customer", "alice"] + common)
    #expect(
      purchaser.standardOutput.contains("  SEAT_ASSIGNED           Gave a seat of Team to bob\n"))
    #expect(
      purchaser.standardOutput.contains(
        "  SEAT_REMOVED            Took back the seat of Team from bob\n"))
    let none = await runStoreTerm(["entitlements"] + bob)
    #expect(none.standardOutput == "no entitlements for customer bob\n")
  }

  @Test func refusalsAreOneLineAndLeaveTheLedgerAsItWas() async throws {
    let common = try await Self.bought()
    let db = common[1]
    let alice = ["--customer", "alice"] + common
    _ = await runStoreTerm(["seats", "assign", "--product", Self.team, "--member", "bob"] + alice)
    let before = try FamilyCommandTests.events(db)
    let refused: [([String], Int32, String)] = [
      (
        ["assign", "--product", Self.team, "--member", "cy"], 1,
        "storeterm: all 2 seats of \"\(Self.team)\" of customer \"alice\" are taken (the"
          + " purchaser's own and 1 assigned); remove a member first\n"
      ),
      (
        ["assign", "--product", Self.team, "--member", "alice"], 1,
        "storeterm: customer \"alice\" is the group purchaser, who already holds a seat of their"
          + " own\n"
      ),
      (
        ["remove", "--product", Self.team, "--member", "cy"], 1,
        "storeterm: customer \"cy\" holds no seat of \"\(Self.team)\" from \"alice\"\n"
      ),
      (
        ["assign", "--product", "dev.storeterm.bundles.music", "--member", "cy"], 1,
        "storeterm: customer \"alice\" has no subscription to \"dev.storeterm.bundles.music\"\n"
      ),
      (
        ["assign", "--product", "nope", "--member", "cy"], 1,
        "storeterm: product \"nope\" is not in the catalog\n"
      ),
    ]
    for (arguments, status, message) in refused {
      let run = await runStoreTerm(["seats"] + arguments + alice)
      #expect(run.status == status, "\(arguments)")
      #expect(run.standardError == message)
      #expect(run.standardOutput.isEmpty)
    }
    let usage: [([String], String)] = [
      (["assign", "--member", "cy"], "storeterm: 'seats assign' needs --product ID"),
      (["remove", "--product", Self.team], "storeterm: 'seats remove' needs --member CUSTOMER"),
      (["give"], "storeterm: 'give' is not a seats action (list, assign or remove)"),
      (["list", "--member", "cy"], "storeterm: --member: only 'seats assign' and 'seats remove'"),
      (["assign", "--product", Self.team, "--member", ""], "storeterm: --member: "),
    ]
    for (arguments, prefix) in usage {
      let run = await runStoreTerm(["seats"] + arguments + alice)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.standardError.hasPrefix(prefix), "\(run.standardError)")
    }
    let readOnly = await runStoreTerm(
      ["seats", "assign", "--product", Self.team, "--member", "cy", "--read-only"] + alice)
    #expect(readOnly.status != 0)
    #expect(readOnly.standardError.hasPrefix("storeterm: --read-only: seats can change the ledger"))
    #expect(try FamilyCommandTests.events(db) == before)
  }
}
