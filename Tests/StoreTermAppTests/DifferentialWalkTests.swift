import Foundation
import StoreTermTestSupport
import Testing

/// Seeded random walks, compared across every view after each step.
///
/// The walks mix the front end's actions with another process's commands on one ledger, for two customers (one in a family with the other); after every step the paywall
/// badges, the Account's lines, the Transactions State column, `transactions`, the explainer
/// (`customer`) and the support console (`customers`) must say what a fresh `storeterm
/// entitlements --json` and `status --json` say. The long form is `storeterm-bench walk`.
@MainActor @Suite struct DifferentialWalkTests {
  /// The seeds walked; a mismatch names its seed and step, so it replays exactly.
  nonisolated static let seeds: [UInt64] = [1, 2]
  /// Steps per walk: 40, so the suite stays fast (`STORETERM_WALK_STEPS=500` for more;
  /// `storeterm-bench walk` for the long form).
  static let steps =
    ProcessInfo.processInfo.environment["STORETERM_WALK_STEPS"].flatMap { Int($0) } ?? 40

  @Test(arguments: seeds) func theScreensAgreeWithAFreshProcess(seed: UInt64) async throws {
    // `STORETERM_WALK_SEED=3` walks that seed alone, to replay a mismatch.
    let only = ProcessInfo.processInfo.environment["STORETERM_WALK_SEED"].flatMap { UInt64($0) }
    guard only == nil || only == seed else { return }
    let trace = ProcessInfo.processInfo.environment["STORETERM_WALK_TRACE"] != nil
    let walk = try DifferentialWalk(seed: seed, trace: trace)
    let mismatches = try await walk.run(steps: Self.steps)
    #expect(mismatches == [], "seed \(seed)")
  }
}
