import Foundation
import StoreCore
import StorePersistence
import StoreTermCLI
import StoreTermTestSupport

/// `storeterm-bench reader`: what the terminal UI costs over a big ledger: the cold first
/// snapshot, the memory it holds, and how long a change another process committed takes to
/// reach the next snapshot.
///
/// Goals (issue 16): at 1,000,000 transactions the first snapshot under 150 ms and resident
/// memory under 150 MB; at every size a change in the next snapshot under 800 ms (the watch
/// polls every 200 ms; on screen within a second). Also printed: an idle poll (nothing
/// changed), which runs five times a second for as long as the UI is open.
///
/// The ledger is built by ``SupportLedgerBuilder`` (10 transactions per customer, rows inserted
/// directly); the UI is then opened in a child process (`storeterm-bench reader-probe`), so its
/// memory is the UI's and not the builder's, with ``SnapshotReaderProbe`` exactly as
/// `storeterm ui` opens it; each change is a whole `storeterm` command run in that process on
/// its own connection: a purchase or a refund by another customer, alternately.
struct ReaderBenchmark {
  var sizes = [10_000, 100_000, 1_000_000]
  var changes = 20
  var idlePolls = 20

  /// The goals, in milliseconds and megabytes.
  static let coldGoal = 150.0
  static let memoryGoal = 150.0
  static let changeGoal = 800.0

  func run() throws -> Bool {
    let speed = try? OpenSSLSpeed.ecdsaP256(seconds: 1)
    print("reader: the terminal UI's first snapshot, its memory, and another connection's change")
    if let speed {
      print(
        String(
          format: "  this machine: openssl speed ecdsap256 %.0f sign/s, %.0f verify/s", speed.sign,
          speed.verify))
    }
    print(
      "  transactions  customers  cold ms  VmRSS MB  VmHWM MB  idle poll median ms"
        + "  change median ms  change max ms")
    var met = true
    for transactions in sizes {
      let result = try measure(transactions: transactions)
      print(
        String(
          format: "  %12d  %9d  %7.1f  %8.1f  %8.1f  %19.2f  %16.2f  %13.2f", transactions,
          transactions / 10, result.cold, result.rss, result.hwm, result.idle, result.median,
          result.max))
      let sizeMet =
        result.max < Self.changeGoal
        && (transactions < 1_000_000
          || (result.cold < Self.coldGoal && result.hwm < Self.memoryGoal))
      if transactions >= 1_000_000 {
        print(
          "    at \(transactions): first snapshot < 150 ms "
            + (result.cold < Self.coldGoal ? "met" : "NOT met") + "; resident memory < 150 MB "
            + (result.hwm < Self.memoryGoal ? "met" : "NOT met"))
      }
      print(
        "    at \(transactions): change to snapshot < 800 ms "
          + (result.max < Self.changeGoal ? "met" : "NOT met"))
      met = met && sizeMet
    }
    print("  goals: " + (met ? "met" : "NOT met"))
    return met
  }

  /// One size: builds the ledger here, then measures the UI in a child process.
  private func measure(transactions: Int) throws -> ProbeResult {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-bench-reader-\(ProcessInfo.processInfo.processIdentifier)-\(transactions)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "ledger.sqlite").path
    let builder = SupportLedgerBuilder(
      customers: transactions / 10, transactionsPerCustomer: 10)
    let ledger = try builder.build(at: path)
    // Mid-way through every subscription, at real-time rate: nothing falls due while measuring.
    try ledger.setClock(
      SimulatedClock(
        realAnchor: Date(), simulatedAnchor: builder.start.addingTimeInterval(100 * 86_400),
        rate: .realTime))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [
      "reader-probe", path, String(transactions), String(changes), String(idlePolls),
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0, let result = ProbeResult(line: text) else {
      throw BenchmarkError("the reader probe failed at \(transactions) transactions: \(text)")
    }
    return result
  }
}

/// What the child process measured, as one line of numbers.
struct ProbeResult {
  var cold: Double
  var rss: Double
  var hwm: Double
  var idle: Double
  var median: Double
  var max: Double

  var line: String { "\(cold) \(rss) \(hwm) \(idle) \(median) \(max)" }

  init(cold: Double, rss: Double, hwm: Double, idle: Double, median: Double, max: Double) {
    (self.cold, self.rss, self.hwm, self.idle, self.median, self.max) =
      (cold, rss, hwm, idle, median, max)
  }

  init?(line: String) {
    let numbers = line.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard numbers.count == 6 else { return nil }
    self.init(
      cold: numbers[0], rss: numbers[1], hwm: numbers[2], idle: numbers[3], median: numbers[4],
      max: numbers[5])
  }
}

/// `storeterm-bench reader-probe DB TRANSACTIONS CHANGES POLLS`: the UI's side of
/// ``ReaderBenchmark``, in a process of its own.
struct ReaderProbeRun {
  let path: String
  let transactions: Int
  let changes: Int
  let idlePolls: Int

  @MainActor
  func run() async throws -> ProbeResult {
    let clock = ContinuousClock()
    let probe = try SnapshotReaderProbe(database: path, customerID: "c000000")
    defer { probe.stop() }
    var shown = 0
    let cold = try await clock.measure { shown = try await probe.start() }
    let memory = Self.memory()
    precondition(shown == transactions, "the first snapshot counts \(shown) transactions")
    var idle: [Double] = []
    for _ in 0..<idlePolls {
      idle.append(milliseconds(try await clock.measure { _ = try await probe.poll() }))
    }
    var samples: [Double] = []
    let builder = SupportLedgerBuilder(customers: transactions / 10, transactionsPerCustomer: 10)
    for round in 0..<changes {
      let customer = 1 + round / 2
      let id = String(format: "c%06d", customer)
      // Even rounds buy coins; odd rounds refund the same customer's Lifetime Unlock.
      let command =
        round % 2 == 0
        ? ["--db", path, "--customer", id, "purchase", "dev.storeterm.demo.coins.100"]
        : ["--db", path, "manage", "refund", String(builder.originalID(customer) + 8)]
      let output = CapturedOutput()
      let status = await StoreTermCommand.run(command, output: output, environment: [:])
      precondition(
        status == 0, "storeterm \(command.joined(separator: " ")): \(output.standardError)")
      var polled = (events: 0, transactions: 0)
      samples.append(milliseconds(try await clock.measure { polled = try await probe.poll() }))
      precondition(polled.events > 0, "the poll after a change found no event")
      shown = polled.transactions
    }
    precondition(
      shown == transactions + (changes + 1) / 2, "the last snapshot counts \(shown)")
    let sorted = samples.sorted()
    return ProbeResult(
      cold: milliseconds(cold), rss: memory.rss, hwm: memory.hwm,
      idle: idle.sorted()[idle.count / 2], median: sorted[sorted.count / 2],
      max: sorted.last ?? 0)
  }

  /// VmRSS and VmHWM from `/proc/self/status`, in megabytes.
  static func memory() -> (rss: Double, hwm: Double) {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return (0, 0)
    }
    func field(_ name: String) -> Double {
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
        let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first
          .flatMap({ Double($0) })
      else { return 0 }
      return kilobytes / 1024
    }
    return (field("VmRSS"), field("VmHWM"))
  }

  private func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }
}
