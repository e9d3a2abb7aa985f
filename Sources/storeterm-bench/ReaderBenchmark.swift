import Foundation
import StoreCore
import StorePersistence
import StoreTermCLI
import StoreTermTestSupport

/// `storeterm-bench reader`: how long the terminal UI takes to show a change another process
/// committed, over ledgers of 10,000 and 100,000 transactions.
///
/// The UI's watch polls every 200 ms; a change must be on screen within a second (issue 7), so
/// the time from "another connection committed one change" to "the next snapshot is built"
/// (the watch's `newEvents()` then `snapshot()`) must stay well under 800 ms. Also printed: the
/// cold first snapshot (`.start`) and an idle poll (nothing changed), which runs five times a
/// second for as long as the UI is open.
///
/// The ledger is built by ``SupportLedgerBuilder`` (10 transactions per customer, rows inserted
/// directly); the UI is opened with ``SnapshotReaderProbe`` exactly as `storeterm ui` opens it,
/// and each change is a whole `storeterm` command run in-process on its own connection: a
/// purchase or a refund by another customer, alternately.
struct ReaderBenchmark {
  var sizes = [10_000, 100_000]
  var changes = 20
  var idlePolls = 20

  @MainActor
  func run() async throws -> Bool {
    print("reader: one change from another connection, then the UI's next snapshot")
    print(
      "  transactions  customers  cold ms  idle poll median ms  change median ms  change max ms")
    var met = true
    for transactions in sizes {
      let result = try await measure(transactions: transactions)
      print(
        String(
          format: "  %12d  %9d  %7.1f  %19.2f  %16.2f  %13.2f", transactions, transactions / 10,
          result.cold, result.idle, result.median, result.max))
      met = met && result.max < 800
    }
    print(
      "  goal: change to snapshot < 800 ms (a 200 ms poll, on screen within a second): "
        + (met ? "met" : "NOT met"))
    return met
  }

  @MainActor
  private func measure(
    transactions: Int
  ) async throws -> (cold: Double, idle: Double, median: Double, max: Double) {
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
    let clock = ContinuousClock()
    let probe = try SnapshotReaderProbe(database: path, customerID: "c000000")
    defer { probe.stop() }
    var shown = 0
    let cold = try await clock.measure { shown = try await probe.start() }
    precondition(shown == transactions, "the first snapshot shows \(shown) records")
    var idle: [Double] = []
    for _ in 0..<idlePolls {
      idle.append(milliseconds(try await clock.measure { _ = try await probe.poll() }))
    }
    var samples: [Double] = []
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
      var polled = (events: 0, records: 0)
      samples.append(milliseconds(try await clock.measure { polled = try await probe.poll() }))
      precondition(polled.events > 0, "the poll after a change found no event")
      shown = polled.records
    }
    precondition(shown == transactions + (changes + 1) / 2, "the last snapshot shows \(shown)")
    let sorted = samples.sorted()
    return (
      milliseconds(cold), idle.sorted()[idle.count / 2], sorted[sorted.count / 2],
      sorted.last ?? 0
    )
  }

  private func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }
}
