import Foundation
import StoreCore
@_spi(StoreTerm) import StoreKit
import StoreManager
import StoreTermApp
import StoreTermTestSupport
import Testing

@testable import StoreTermCLI

/// Joining and leaving a family through the effect runner against a real engine and store
/// manager: the engine's answer comes back as one sentence and the snapshot shows the family,
/// the shared entitlement and the copies.
@MainActor @Suite struct FamilyEffectTests {
  typealias Inbox = EffectRunnerTests.Inbox
  static let lifetime = "dev.storeterm.demo.lifetime"

  let context: StoreContext

  init() throws {
    let directory = try TestPaths.temporaryDirectory()
    let parsed = try StoreTermCommand.parser.parse([
      "ui", "--db", directory.appending(path: "ledger.sqlite").path,
    ])
    context = try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
  }

  private func withRunner(_ body: (StoreEffectRunner, Inbox) async throws -> Void) async throws {
    try await StoreKitRuntime.withConfiguration(context.runtime) {
      let runner = try StoreEffectRunner(context: context, log: DiagnosticLog()) {
        _ in throw CommandFailure("no other customers in this test")
      }
      let inbox = Inbox()
      await runner.run(.start) { inbox.send($0) }
      try await body(runner, inbox)
      await runner.stop()
    }
  }

  /// The runner's family outcomes, as the sheet receives them once `update` words them.
  private func answers(_ inbox: Inbox) -> [FamilyAction] {
    inbox.outcomes.compactMap { outcome in
      switch outcome {
      case .joinedFamily, .leftFamily, .familyRefused:
        let (message, isError) = StoreTermApp.report(outcome, in: StoreSnapshot())
        return .finished(message: message, isError: isError)
      default: return nil
      }
    }
  }

  @Test func joiningReceivesTheFamilysPurchasesAndLeavingRevokesThem() async throws {
    try context.engine.joinFamily("smiths", customerID: "bob")
    _ = try context.engine.purchase(Self.lifetime, customerID: "bob", options: PurchaseOptions())
    try await withRunner { runner, inbox in
      let before = try #require(inbox.lastSnapshot)
      #expect(before.family.group == nil)
      #expect(before.family.groups == [FamilyStatus.Group(name: "smiths", memberCount: 1)])

      await runner.run(.joinFamily("smiths")) { inbox.send($0) }
      #expect(
        answers(inbox)
          == [
            .finished(
              message: "Joined family group smiths; received 1 shared transaction.",
              isError: false)
          ])
      let joined = try #require(inbox.lastSnapshot)
      #expect(joined.family.group == "smiths")
      #expect(joined.family.members.map(\.id) == ["bob", "default"])
      #expect(joined.family.sharedProducts == [Self.lifetime: "bob"])
      #expect(joined.entitledProductIDs == [Self.lifetime])
      let product = try #require(joined.product(Self.lifetime))
      #expect(Badge.badges(for: product, in: joined) == [.familySharing])
      let copy = try #require(AccountScreen.history(joined).first)
      #expect(copy.signed?.payload.inAppOwnershipType == .familyShared)
      #expect(joined.family.purchasers == [copy.id: "bob"])
      #expect(TransactionStanding.text(copy, in: joined) == "family shared")

      await runner.run(.leaveFamily) { inbox.send($0) }
      #expect(
        answers(inbox).last
          == .finished(
            message: "Left family group smiths; shared access was revoked.", isError: false))
      let left = try #require(inbox.lastSnapshot)
      #expect(left.family.group == nil)
      #expect(left.family.members == [])
      #expect(left.family.sharedProducts == [:])
      #expect(left.entitledProductIDs == [])
      let revoked = try #require(AccountScreen.history(left).first)
      #expect(revoked.id == copy.id)
      #expect(revoked.signed?.payload.revocationType == .familyRevoke)
      #expect(TransactionStanding.text(revoked, in: left) == "family revoked")
    }
  }

  @Test func refusalsAreTheEnginesSentenceAndChangeNothing() async throws {
    for member in 1...6 { try context.engine.joinFamily("full", customerID: "member\(member)") }
    try await withRunner { runner, inbox in
      await runner.run(.joinFamily("a b")) { inbox.send($0) }
      await runner.run(.joinFamily("full")) { inbox.send($0) }
      await runner.run(.leaveFamily) { inbox.send($0) }
      await runner.run(.joinFamily("smiths")) { inbox.send($0) }
      await runner.run(.joinFamily("jones")) { inbox.send($0) }
      #expect(
        answers(inbox) == [
          .finished(
            message: "Family group “a b” is not a valid name: use 1 to 64 letters, digits, "
              + "'-', '_' or '.'. Nothing changed.", isError: true),
          .finished(
            message: "Family group “full” already has 6 members, the most Family Sharing "
              + "allows. Nothing changed.", isError: true),
          .finished(
            message: "Customer “default” is not in a family group. Nothing changed.",
            isError: true),
          .finished(
            message: "Joined family group smiths; received 0 shared transactions.",
            isError: false),
          .finished(
            message: "Customer “default” is already in family group “smiths”; leave it "
              + "first. Nothing changed.", isError: true),
        ])
      let snapshot = try #require(inbox.lastSnapshot)
      #expect(snapshot.family.group == "smiths")
      #expect(
        snapshot.family.groups == [
          FamilyStatus.Group(name: "full", memberCount: 6),
          FamilyStatus.Group(name: "smiths", memberCount: 1),
        ])
    }
  }
}
