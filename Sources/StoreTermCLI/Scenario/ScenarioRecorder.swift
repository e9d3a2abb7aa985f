import Foundation
import StoreCore
import StoreFiles

/// Appends steps to a scenario file as they happen: the step, then what the customer has
/// afterwards as `expect` lines, so `storeterm scenario run` replays and checks the walk.
///
/// A new file starts with the catalog, the simulated clock at the first step and the state
/// before it. Time that passed between steps (a tester reading the screen, a fast time rate)
/// becomes a `clock advance` step once it reaches a minute, so the replay sees the same dates.
struct ScenarioRecorder {
  /// The file, as named.
  let path: String
  /// Where it is written (checked by the one write rule).
  private let target: String
  /// The customer the file's steps act for so far.
  private(set) var customerID: String
  /// The simulated moment the file's replay is at: its start plus every `clock advance`.
  private(set) var replayNow: Date
  /// Whether the file has no header yet.
  private(set) var isNew: Bool

  /// The least time between steps written as a `clock advance` of its own.
  static let smallestGap: TimeInterval = 60

  /// Checks `path` by the write rule and reads what the file holds so far (it must parse).
  init(path: String, option: String, paths: StorePaths) throws {
    self.path = path
    target = try WritablePath.check(path, option: option, paths: paths, existing: .append)
    customerID = Customer.defaultID
    replayNow = Scenario.defaultStart
    var info = stat()
    isNew =
      SafeFileWriter.kind(of: target) == .missing
      || (stat(target, &info) == 0 && info.st_size == 0)
    guard !isNew else { return }
    let scenario: Scenario
    do {
      scenario = try ScenarioParser.read(path: target)
    } catch let error as ScenarioError {
      throw UsageError(
        "\(option) \(path):\(error.line > 0 ? "\(error.line): " : " ")\(error.message);"
          + " recording appends only to a scenario file")
    }
    replayNow = scenario.clockStart
    for step in scenario.steps {
      switch step.action {
      case .customer(let id): customerID = id
      case .clockAdvance(_, let seconds): replayNow += seconds
      default: break
      }
    }
  }

  /// Writes the header and the starting state, when the file is new.
  mutating func begin(
    catalog: String, now: Date, before: ScenarioObservation?, generator: String
  ) throws {
    guard isNew else { return }
    let start = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    var lines = ScenarioText.header(catalog: catalog, start: start, generator: generator)
    lines.append("")
    lines += before?.expectLines ?? []
    try append(lines)
    isNew = false
    replayNow = start
  }

  /// Appends one step taken at simulated `now` (before it), by `customer`, with what the
  /// customer then has.
  mutating func record(
    _ action: ScenarioAction, outcome: String?, customer: String, now: Date,
    after: ScenarioObservation
  ) throws {
    var lines = [""]
    let gap = (now.timeIntervalSince(replayNow)).rounded(.down)
    if gap >= Self.smallestGap {
      let text = ScenarioText.duration(Int(gap))
      lines.append("clock advance \(text)")
      replayNow += gap
    }
    if customer != customerID {
      lines.append("customer \(customer)")
      customerID = customer
    }
    lines.append(action.text)
    if case .clockAdvance(_, let seconds) = action { replayNow += seconds }
    if let outcome { lines.append("  expect outcome \(outcome)") }
    lines += after.expectLines.map { "  " + $0 }
    try append(lines)
  }

  private func append(_ lines: [String]) throws {
    let descriptor: Int32
    do {
      descriptor = try SafeFileWriter.openForAppending(target)
    } catch {
      throw CommandFailure("\(path): \(SafeFileWriter.message(error.code))")
    }
    defer { close(descriptor) }
    let text = lines.joined(separator: "\n") + "\n"
    if let code = SafeFileWriter.writeAll(descriptor, Array(text.utf8)) {
      throw CommandFailure("\(path): \(SafeFileWriter.message(code))")
    }
  }
}
