import Foundation
import StoreCore
import StorePersistence

/// `storeterm-bench history`: what `products`, `status`, `entitlements` and `customer` cost on a
/// customer whose history holds N renewals, beside an empty ledger and a new subscriber.
///
/// Goal (issue 27, item 13): at 10,000 transactions each command under 50 ms and under 60 MB
/// (median wall time and peak resident memory of the whole `storeterm` process, release build).
///
/// The ledger is made by `storeterm` itself: the clock is set to 2000-01-03 in the ledger, the
/// customer subscribes to two weekly plans (the demo catalog with every monthly period made
/// weekly, so a century holds 10,000 renewals within the test certificates' validity), the
/// clock is moved on and one command catches up, writing the renewals in the engine's batches.
/// Each figure is a child process reaped with `wait4`, whose `ru_maxrss` is its peak.
struct HistoryBenchmark {
  var renewals = 10_000
  var runs = 9
  /// Leaves the ledger and catalog in place (and says where) for a profiler.
  var keep = false

  static let timeGoal = 50.0
  static let memoryGoal = 60.0
  static let start = Date(timeIntervalSince1970: 946_857_600)  // 2000-01-03T00:00:00Z
  static let commands: [[String]] = [
    ["products"], ["status"], ["entitlements"], ["customer", "default"],
  ]

  func run() throws -> Bool {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "storeterm").path
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-bench-history-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer {
      if keep {
        print("  kept: \(directory.path)")
      } else {
        try? FileManager.default.removeItem(at: directory)
      }
    }
    let catalog = directory.appending(path: "Weekly.storekit").path
    try Self.weeklyCatalog().write(toFile: catalog, atomically: true, encoding: .utf8)
    let database = directory.appending(path: "ledger.sqlite").path
    let cli = StoreTermRunner(binary: binary, database: database, catalog: catalog)
    print("history: one customer's commands over a long history (median of \(runs) runs)")
    print("  " + OpenSSLSpeedLine.sha256())

    // An empty ledger: made, with the clock at the start, nothing bought.
    try SQLiteLedger(location: .file(database)).setClock(
      SimulatedClock(realAnchor: Date(), simulatedAnchor: Self.start, rate: .realTime))
    let empty = try measureAll(cli)
    for product in ["dev.storeterm.demo.plus.monthly", "dev.storeterm.demo.cloud.50gb.weekly"] {
      _ = try cli.run(["purchase", product], check: true)
    }
    let fresh = try measureAll(cli)
    // A week per renewal for each of the two chains.
    let weeks = Double((renewals + 1) / 2)
    try SQLiteLedger(location: .file(database)).setClock(
      SimulatedClock(
        realAnchor: Date(), simulatedAnchor: Self.start.addingTimeInterval(weeks * 7 * 86_400),
        rate: .realTime))
    let catchUp = try cli.run(["clock"], check: true)
    let count = try SQLiteLedger(location: .file(database)).queue.read { db in
      try db.fetchOne("SELECT count(*) FROM transactions")?.get(Int64.self, at: 0) ?? 0
    }
    print(
      String(
        format: "  built: %d transactions for one customer, caught up in %.1f s", count,
        catchUp.wall / 1000))
    let long = try measureAll(cli)

    print(
      "  command            empty: ms     MB   2 transactions: ms     MB"
        + "   \(count) transactions: ms     MB")
    var met = true
    for (index, command) in Self.commands.enumerated() {
      let (e, f, l) = (empty[index], fresh[index], long[index])
      let name = command.joined(separator: " ").padding(toLength: 18, withPad: " ", startingAt: 0)
      print(
        "  " + name
          + String(
            format: "  %10.1f  %5.1f  %19.1f  %5.1f  %23.1f  %5.1f", e.wall, e.megabytes, f.wall,
            f.megabytes, l.wall, l.megabytes))
      met = met && l.wall < Self.timeGoal && l.megabytes < Self.memoryGoal
    }
    print(
      "  goals (each < 50 ms and < 60 MB at \(count) transactions): " + (met ? "met" : "NOT met"))
    return met
  }

  /// Each command's median wall time and peak memory.
  private func measureAll(_ cli: StoreTermRunner) throws -> [ChildFigure] {
    try Self.commands.map { command in
      _ = try cli.run(command, check: false)  // warm the page cache
      let figures = try (0..<runs).map { _ in try cli.run(command, check: false) }
      let walls = figures.map(\.wall).sorted()
      let peaks = figures.map(\.megabytes).sorted()
      return ChildFigure(wall: walls[walls.count / 2], megabytes: peaks[peaks.count / 2])
    }
  }

  /// The demo catalog with every monthly period made weekly.
  static func weeklyCatalog() throws -> String {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appending(
        path: "Fixtures/Demo.storekit")
    return try String(contentsOf: path, encoding: .utf8).replacingOccurrences(
      of: "\"recurringSubscriptionPeriod\" : \"P1M\"",
      with: "\"recurringSubscriptionPeriod\" : \"P1W\"")
  }
}

/// One child process's wall time (ms) and peak resident memory (MB).
struct ChildFigure {
  var wall: Double
  var megabytes: Double
}

/// Runs `storeterm` on one ledger and catalog, measuring each run.
struct StoreTermRunner {
  let binary: String
  let database: String
  let catalog: String

  /// Runs `arguments` with output discarded; `check` makes a non-zero exit an error.
  func run(_ arguments: [String], check: Bool) throws -> ChildFigure {
    let all = [binary, "--db", database, "--config", catalog] + arguments
    let (figure, status) = try ChildProcess.measure(all)
    if check, status != 0 {
      throw BenchmarkError("storeterm \(arguments.joined(separator: " ")) exited \(status)")
    }
    return figure
  }
}

/// A child process started with `posix_spawn` and reaped with `wait4`, for its own peak memory.
enum ChildProcess {
  static func measure(_ arguments: [String]) throws -> (ChildFigure, Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = DispatchTime.now()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchmarkError("cannot start \(arguments[0]): \(spawned)") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(errno)") }
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
    let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (ChildFigure(wall: wall, megabytes: Double(usage.ru_maxrss) / 1024), exit)
  }
}

/// `openssl speed -seconds 1 sha256 | tail -1`, to print beside the figures.
enum OpenSSLSpeedLine {
  static func sha256() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sh", "-c", "openssl speed -seconds 1 sha256 2>/dev/null | tail -1"]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return "openssl speed: not available" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return "openssl speed -seconds 1 sha256: "
      + String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
