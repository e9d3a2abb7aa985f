import Foundation
import StoreCore
import StoreFiles

/// `storeterm scenario run FILE` and `storeterm scenario export --xctest FILE`: a recorded or
/// hand-written QA walk replayed and checked on a fresh ledger, or turned into an app's test.
enum ScenarioCommand {
  static let spec = CommandSpec(
    name: "scenario",
    abstract:
      "Replay a QA scenario on a fresh ledger and check each step (run), or write it as an XCTest"
      + " (export --xctest)",
    arguments: ["run|export", "FILE"],
    options: [
      .flag(
        "keep-going", help: "run: check every step instead of stopping at the first difference"),
      .flag("xctest", help: "export: write a Swift XCTest file that replays it with SKTestSession"),
      .value("out", "PATH", help: "export: where to write the test (default: standard output)"),
    ],
    examples: [
      "storeterm scenario run Fixtures/Scenarios/ask-to-buy-approve.scenario",
      "storeterm scenario run walk.scenario --keep-going --json",
      "storeterm scenario export --xctest walk.scenario --out WalkTests.swift",
    ])

  /// Runs `scenario run|export`; returns the exit status (1 when a step diverged).
  @MainActor
  static func run(_ context: CommandContext) async throws -> Int32 {
    // `--config` replays the walk against another catalog; a bad one is refused first, as
    // every command refuses it.
    if context.parsed.value("config") != nil { _ = try context.loadCatalog() }
    let action = context.parsed.arguments[0]
    guard ["run", "export"].contains(action) else {
      throw UsageError("'\(action)' is not a scenario action (run or export)")
    }
    let file = context.parsed.arguments[1]
    let scenario: Scenario
    do {
      scenario = try ScenarioParser.read(path: file).replacingCatalog(
        with: context.parsed.value("config"))
    } catch let error as ScenarioError {
      // A bad file is bad input, like a bad option: usage status, nothing opened.
      throw UsageError(error.line > 0 ? "\(file):\(error)" : "\(file): \(error.message)")
    }
    if action == "export" {
      guard context.parsed.flag("xctest") else {
        throw UsageError("scenario export needs --xctest (the one format it writes)")
      }
      let source = try await export(scenario, file: file)
      if let out = context.parsed.value("out") {
        let target = try WritablePath.check(
          out, option: "--out", paths: context.paths, existing: .replace(force: true))
        do {
          try SafeFileWriter.replace(target, Array(source.utf8))
        } catch {
          throw CommandFailure("\(out): \(SafeFileWriter.message(error.code))")
        }
      } else {
        context.output.write(source)
      }
      return ExitStatus.success
    }
    return try await replay(
      scenario, file: file, keepGoing: context.parsed.flag("keep-going"), context: context)
  }

  /// Replays in a temporary folder, printing a line per step (or JSON at the end).
  @MainActor
  static func replay(
    _ scenario: Scenario, file: String, keepGoing: Bool, context: CommandContext
  ) async throws -> Int32 {
    var results: [ScenarioPlayer.StepResult] = []
    let passed = try await withScratchFolder { folder in
      let player = ScenarioPlayer(
        scenario, folder: (file as NSString).deletingLastPathComponent, stateDirectory: folder)
      return try await player.run(keepGoing: keepGoing) { result in
        results.append(result)
        if !context.json { context.output.write(line(result) + "\n") }
      }
    }
    if context.json {
      context.output.write(json(results, file: file, passed: passed).prettyText + "\n")
    } else if passed {
      let count = scenario.steps.count
      context.output.write(
        "\(file): \(count) step\(count == 1 ? "" : "s") replayed, no difference\n")
    } else {
      let failed = results.filter { !$0.ok }
      context.output.write(
        "\(file): \(failed.count) step\(failed.count == 1 ? "" : "s") diverged (first: step"
          + " \(failed[0].number), line \(failed[0].line))\n")
    }
    return passed ? ExitStatus.success : ExitStatus.failure
  }

  /// `step 3 (line 9) approve 2: ok`, or the step and each difference with its line.
  static func line(_ result: ScenarioPlayer.StepResult) -> String {
    let head =
      result.number == 0
      ? "start" : "step \(result.number) (line \(result.line)) \(result.text)"
    let note = result.note.map { " → \($0)" } ?? ""
    guard !result.ok else { return "\(head)\(note): ok" }
    return "\(head)\(note): DIFFERS\n"
      + result.differences.map { "  line \($0.line): \($0.text)" }.joined(separator: "\n")
  }

  static func json(_ results: [ScenarioPlayer.StepResult], file: String, passed: Bool)
    -> JSONValue
  {
    .object([
      JSONMember("file", .string(file)),
      JSONMember("passed", .bool(passed)),
      JSONMember(
        "steps",
        .array(
          results.map { result in
            .object([
              JSONMember("step", .integer(result.number)),
              JSONMember("line", .integer(result.line)),
              JSONMember("text", .string(result.text)),
              JSONMember("result", result.note.map(JSONValue.string) ?? .null),
              JSONMember("ok", .bool(result.ok)),
              JSONMember(
                "differences",
                .array(
                  result.differences.map {
                    .object([
                      JSONMember("line", .integer($0.line)), JSONMember("text", .string($0.text)),
                    ])
                  })),
            ])
          })),
    ])
  }

  /// The XCTest source for `scenario`, after a replay that must hold at every step: a test
  /// written from a walk that does not replay would assert what no store says.
  @MainActor
  static func export(_ scenario: Scenario, file: String) async throws -> String {
    var results: [ScenarioPlayer.StepResult] = []
    let passed = try await withScratchFolder { folder in
      try await ScenarioPlayer(
        scenario, folder: (file as NSString).deletingLastPathComponent, stateDirectory: folder
      ).run(keepGoing: false, watching: scenario.sessionCustomer) { results.append($0) }
    }
    if !passed, let failed = results.first(where: { !$0.ok }) {
      throw CommandFailure(
        "\(file):\(failed.line): step \(failed.number) does not replay as written"
          + " (\(failed.differences.first?.text ?? "")); run `storeterm scenario run` and fix it"
          + " before exporting")
    }
    let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    let folder = (file as NSString).deletingLastPathComponent
    let catalog = ProductCatalog(
      configuration: try ConfigurationFile.load(
        path: ScenarioPlayer.catalogPath(scenario.catalog, folder: folder)))
    do {
      return try XCTestExport(
        scenario: scenario, replayed: results.filter { $0.number > 0 }, name: name,
        catalog: catalog
      ).source()
    } catch let error as ScenarioError {
      throw CommandFailure("\(file):\(error)")
    }
  }

  /// Runs `body` with a new private folder (0700) that is removed afterwards.
  @MainActor
  static func withScratchFolder<Result>(_ body: (String) async throws -> Result) async throws
    -> Result
  {
    // In memory where Linux offers it (/dev/shm): the scratch ledger is deleted afterwards, so
    // waiting for a disk would only slow every replay down.
    let base = access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory()
    let folder = (base as NSString).appendingPathComponent(
      "storeterm-scenario-\(UUID().uuidString)")
    do {
      try SafeFileWriter.makeDirectories(folder)
    } catch {
      throw CommandFailure("\(folder): \(SafeFileWriter.message(error.code))")
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try await body(folder)
  }
}
