import Foundation
import StoreTermTestSupport

/// The differential walk's long form: more seeds and steps than the test suite walks, each
/// seed's front end and other-process commands compared after every step (the screens against
/// a fresh `storeterm status / entitlements --json`).
///
/// The goal is zero disagreements; the time per seed is reported so a slower walk shows.
@MainActor
struct WalkBenchmark {
  /// The first seed; seeds run one after another from it.
  var firstSeed: UInt64 = 1
  /// How many seeds.
  var seeds = 10
  /// Steps per seed.
  var steps = 1_000

  /// Walks every seed; true when no step of any seed disagreed.
  func run() async throws -> Bool {
    print("differential walk: \(seeds) seeds × \(steps) steps, from seed \(firstSeed)")
    var disagreements = 0
    let clock = ContinuousClock()
    for seed in firstSeed..<(firstSeed + UInt64(seeds)) {
      let start = clock.now
      let mismatches = try await DifferentialWalk(seed: seed).run(steps: steps)
      let seconds = (clock.now - start) / .seconds(1)
      print(
        String(
          format: "  seed %llu: %d disagreements in %.1f s (%.1f ms per step)", seed,
          mismatches.count, seconds, seconds * 1000 / Double(steps)))
      for mismatch in mismatches.prefix(5) { print("    \(mismatch)") }
      disagreements += mismatches.count
    }
    print("goal: no disagreement: \(disagreements == 0 ? "met" : "NOT met (\(disagreements))")")
    return disagreements == 0
  }
}
