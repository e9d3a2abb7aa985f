import Foundation
import StoreTermCLI
import StoreTermTestSupport
import Testing

/// `storeterm scenario run` and `export`, and `--record`: the library of Apple's flows replays,
/// an edited expectation is named, and a recorded walk replays with no difference.
@Suite struct ScenarioRunTests {
  static let library = TestPaths.fixtures.appending(path: "Scenarios")
  static let exports = TestPaths.packageRoot.appending(
    path: "Tests/StoreKitXCTestTemplateTests/Scenarios")

  static func scenarios() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: library, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "scenario" }.sorted { $0.path < $1.path }
  }

  @Test func everyScenarioOfTheLibraryReplaysAndItsExportIsTheCommittedTest() async throws {
    let files = try Self.scenarios()
    #expect(files.count >= 12)
    for file in files {
      let name = file.deletingPathExtension().lastPathComponent
      // An export replays first and refuses a scenario that does not replay as written.
      let exported = await runStoreTerm(["scenario", "export", "--xctest", file.path])
      #expect(exported.status == 0, "\(name): \(exported.standardError)")
      let committed = try String(
        contentsOf: Self.exports.appending(path: "\(name).swift"), encoding: .utf8)
      // StoreKitXCTestTemplateTests compiles and runs the committed file: it must be the export.
      #expect(exported.standardOutput == committed, "\(name): run the export again")
    }
    let demo = try Data(contentsOf: TestPaths.demoCatalog)
    let copy = try Data(
      contentsOf: TestPaths.packageRoot.appending(
        path: "Tests/StoreKitXCTestTemplateTests/Demo.storekit"))
    #expect(demo == copy, "the exported tests' Demo.storekit is a copy of Fixtures/Demo.storekit")
  }

  @Test func anEditedExpectationStopsTheReplayNamingTheStepAndTheDifference() async throws {
    let original = try String(
      contentsOf: Self.library.appending(path: "upgrade-downgrade-crossgrade.scenario"),
      encoding: .utf8)
    let edited = original.replacingOccurrences(
      of: "renews-to=dev.storeterm.demo.plus.lite.monthly",
      with: "renews-to=dev.storeterm.demo.plus.monthly")
    #expect(edited != original)
    let file = try TestPaths.temporaryDirectory().appending(path: "edited.scenario").path
    try Data(edited.utf8).write(to: URL(fileURLWithPath: file))
    let run = await runStoreTerm(["scenario", "run", file])
    #expect(run.status == 1)
    #expect(
      run.standardOutput.contains(
        "step 4 (line 25) purchase dev.storeterm.demo.plus.lite.monthly → succeeded"
          + " (transaction 2): DIFFERS\n  line 28: status 5A1E0001: renews-to: expected"
          + " dev.storeterm.demo.plus.monthly, got dev.storeterm.demo.plus.lite.monthly\n"))
    #expect(
      run.standardOutput.hasSuffix("\(file): 1 step diverged (first: step 4, line 25)\n"))

    let json = await runStoreTerm(["scenario", "run", file, "--json", "--keep-going"])
    #expect(json.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect(object["passed"] as? Bool == false)
    let steps = try #require(object["steps"] as? [[String: Any]])
    #expect(steps.map { $0["ok"] as? Bool } == [true, true, true, false])
    let difference = try #require((steps[3]["differences"] as? [[String: Any]])?.first)
    #expect(difference["line"] as? Int == 28)
  }

  @Test func aCommandLineWalkRecordedWithRecordReplaysWithNoDifference() async throws {
    let folder = try TestPaths.temporaryDirectory()
    let db = folder.appending(path: "ledger.sqlite").path
    let file = folder.appending(path: "walk.scenario").path
    let steps: [[String]] = [
      ["settings", "ask-to-buy", "on"],
      ["purchase", "dev.storeterm.demo.plus.monthly"],
      ["manage", "approve", "1"],
      ["purchase", "dev.storeterm.demo.lifetime", "--customer", "bob"],
      ["products"],
    ]
    for step in steps {
      let run = await runStoreTerm(["--db", db, "--record", file] + step)
      #expect(run.status == 0, "\(step): \(run.standardError)")
    }
    let refused = await runStoreTerm(["--db", db, "--record", file, "reset", "--yes"])
    #expect(refused.status == 64)
    #expect(refused.standardError.hasPrefix("storeterm: --record: 'reset' cannot be a scenario"))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\nsetting ask-to-buy on\n"))
    #expect(text.contains("\npurchase dev.storeterm.demo.plus.monthly\n  expect outcome pending\n"))
    #expect(text.contains("\napprove 1\n  expect entitlements dev.storeterm.demo.plus.monthly\n"))
    #expect(text.contains("\ncustomer bob\npurchase dev.storeterm.demo.lifetime\n"))
    #expect(!text.contains("products"))
    let replay = await runStoreTerm(["scenario", "run", file])
    #expect(replay.status == 0, "\(replay.standardOutput)")
    // Five steps (bob's purchase is two: `customer bob`, then the purchase), and a `clock
    // advance` before any step that came a minute or more after the one before (a loaded
    // machine): the replay sees the same dates.
    #expect(replay.standardOutput.hasSuffix(" steps replayed, no difference\n"))
    let replayed = replay.standardOutput.split(separator: "\n").filter {
      $0.hasPrefix("step ") && !$0.contains(") clock advance ")
    }
    #expect(replayed.count == 5, "\(replay.standardOutput)")
  }
}

/// What `scenario export --xctest` refuses: a step the session cannot take, named by its line.
@Suite struct ScenarioExportRefusalTests {
  static func export(_ text: String) async throws -> (status: Int32, error: String) {
    let file = try TestPaths.temporaryDirectory().appending(path: "walk.scenario").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let run = await runStoreTerm(["scenario", "export", "--xctest", file])
    #expect(run.standardOutput.isEmpty)
    return (run.status, run.standardError.replacingOccurrences(of: file, with: "walk.scenario"))
  }

  @Test func anotherCustomersStepThatChangesTheSessionCustomerIsRefused() async throws {
    // bob's purchase is shared with alice through the family: the test could not make it.
    let refused = try await Self.export(
      """
      customer alice
      family join smiths
      customer bob
      family join smiths
      purchase dev.storeterm.demo.lifetime
      """)
    #expect(refused.status == 1)
    #expect(
      refused.error
        == "storeterm: walk.scenario:5: a step that changes what alice has from outside the"
        + " session has no SKTestSession equivalent, so it cannot be exported\n")
  }

  @Test func aGracePeriodRunningOutIsRefused() async throws {
    let refused = try await Self.export(
      """
      setting billing-issues on
      setting grace-period on
      purchase dev.storeterm.demo.plus.monthly
      clock advance 40d
      """)
    #expect(refused.status == 1)
    #expect(
      refused.error
        == "storeterm: walk.scenario:4: time moving a subscription from subscribed to"
        + " inBillingRetryPeriod ('clock advance') has no SKTestSession equivalent, so it"
        + " cannot be exported\n")
  }
}
