// storeterm-bench: throughput programs, run in release (`swift run -c release storeterm-bench jws`).
// Benchmarks are programs, never timed assertions in tests.
import Foundation

let usage = """
  usage: storeterm-bench WORKLOAD [options]
    jws [--seconds N] [--rounds N]     signing and cached verification beside openssl speed
    jws --breakdown                    where the time of one signature and one verification goes
    purchase [--seconds N] [--rounds N] [--prefill N]
                                       end-to-end purchases beside bare SQLite commits, into fresh
                                       files and into files already holding N rows
    postgres [--seconds N]             purchases on a PostgreSQL ledger beside bare INSERT commits,
                                       then change-to-screen through LISTEN/NOTIFY
    seats [--writers N] [--purchases N]
                                       N writer processes on overlapping customers of one
                                       PostgreSQL ledger beside two headless UIs (same server)
                                       (server: STORETERM_BENCH_POSTGRES, key=value form)
    renewals [--subscribers N]         N monthly subscribers advanced by 5 and 10 years
    history [--renewals N] [--keep]    products, status, entitlements and customer over one
                                       customer's N renewals (default 10000) beside an empty ledger
                                       (--keep leaves the ledger for a profiler)
    crash [--kills N]                  kill storeterm mid-command N times; check the ledger each time
    support [--customers N]            search and explainer latencies over a big ledger
    support-postgres [--customers N]   the same over a copy in PostgreSQL (STORETERM_BENCH_POSTGRES)
    render                             lay out, render and diff a 200×60 transaction manager frame
    reader [--sizes N,N,…]             the terminal UI's cold first snapshot, its memory, and
                                       another connection's change to its next snapshot, over
                                       10,000, 100,000 and 1,000,000 transactions
    server [--sizes N,N…] [--requests N] [--notifications N] [--held N]
                                       Get Transaction History and Get All Subscription Statuses
                                       p50/p99 over ledgers of N transactions (default 10000 and
                                       1000000) beside a bare libmicrohttpd peer, and again while
                                       N idle, then N slow, connections are held (default 1000);
                                       notification
                                       deliveries per second beside a bare POST loop
    handler [--requests N] [--size N] [--per-customer N]
                                       History v2's handler called directly over N transactions
                                       (default 1000000, 10 a customer): its CPU time a request
    walk [--seeds N] [--steps N] [--first-seed N]
                                       the differential walk's long form (default 10 seeds ×
                                       1,000 steps): the UI's screens against a fresh process
    fuzz [--cases N] [--output-cases N] [--server-cases N] [--import-cases N] [--scenario-cases N]
                                       mutation fuzzing of .storekit, JWS, theme and App Store
                                       files; controls injected into every string, output checked;
                                       hostile requests to the server (default 300) and hostile
                                       import files (default 120), each refused, ledger unchanged;
                                       hostile scenario files (default 200): exit 0, 1 or 64
    all                                every workload at a size that runs in a few minutes
  """

/// Exits with the usage text and status 64.
func usageError() -> Never {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(64)
}

/// `--name value` pairs after the workload, as positive numbers.
func numericOptions(_ words: ArraySlice<String>, allowed: Set<String>) -> [String: Double] {
  var options: [String: Double] = [:]
  var rest = words
  while let name = rest.popFirst() {
    guard allowed.contains(name), let text = rest.popFirst(), let value = Double(text), value > 0
    else { usageError() }
    options[name] = value
  }
  return options
}

/// Runs one workload and says whether it met its goal.
@MainActor
func runWorkload(_ name: String, _ words: ArraySlice<String>) async throws -> Bool {
  switch name {
  case "jws":
    if words == ["--breakdown"] {
      try JWSBreakdown(seconds: 0.5).run()
      return true
    }
    let options = numericOptions(words, allowed: ["--seconds", "--rounds"])
    return try JWSBenchmark(
      seconds: options["--seconds"] ?? 3, rounds: max(1, Int(options["--rounds"] ?? 3))
    ).run()
  case "purchase":
    let options = numericOptions(words, allowed: ["--seconds", "--rounds", "--prefill"])
    return try PurchaseBenchmark(
      seconds: options["--seconds"] ?? 3, rounds: max(1, Int(options["--rounds"] ?? 3)),
      prefill: Int(options["--prefill"] ?? 100_000)
    ).run()
  case "postgres":
    let options = numericOptions(words, allowed: ["--seconds"])
    let commits = try PostgresBenchmark(seconds: options["--seconds"] ?? 3).run()
    guard let server = ProcessInfo.processInfo.environment["STORETERM_BENCH_POSTGRES"],
      !server.isEmpty
    else { return commits }
    let screen = try await PostgresScreenBenchmark().run(server: server)
    return commits && screen
  case "renewals":
    let options = numericOptions(words, allowed: ["--subscribers"])
    return try RenewalBenchmark(subscribers: Int(options["--subscribers"] ?? 10_000)).run()
  case "history":
    let keep = words.contains("--keep")
    let options = numericOptions(
      ArraySlice(words.filter { $0 != "--keep" }), allowed: ["--renewals"])
    var benchmark = HistoryBenchmark(renewals: Int(options["--renewals"] ?? 10_000))
    benchmark.keep = keep
    return try benchmark.run()
  case "crash":
    let options = numericOptions(words, allowed: ["--kills"])
    return try CrashBenchmark(kills: Int(options["--kills"] ?? 1_000)).run()
  case "support", "support-postgres":
    let options = numericOptions(words, allowed: ["--customers"])
    var benchmark = SupportBenchmark()
    if let customers = options["--customers"] { benchmark.customers = Int(customers) }
    if name == "support-postgres" {
      guard let server = ProcessInfo.processInfo.environment["STORETERM_BENCH_POSTGRES"],
        !server.isEmpty
      else {
        print("support-postgres: skipped (set STORETERM_BENCH_POSTGRES to a server's string)")
        return true
      }
      benchmark.postgres = server
    }
    return try benchmark.run()
  case "fuzz":
    let options = numericOptions(
      words,
      allowed: [
        "--cases", "--output-cases", "--server-cases", "--import-cases", "--scenario-cases",
      ])
    let cases = Int(options["--cases"] ?? 100_000)
    let parsing = try FuzzBenchmark(cases: cases).run()
    let output = try await OutputFuzzBenchmark(
      cases: Int(options["--output-cases"] ?? Double(cases))
    ).run()
    let peers = try await PeerFuzzBenchmark(
      serverCases: Int(options["--server-cases"] ?? 300),
      importCases: Int(options["--import-cases"] ?? 120)
    ).run()
    let scenarios = try await ScenarioFuzzBenchmark(
      cases: Int(options["--scenario-cases"] ?? 200)
    ).run()
    return parsing && output && peers && scenarios
  case "server":
    var rest = words
    var benchmark = ServerBenchmark()
    if rest.first == "--sizes" {
      rest = rest.dropFirst()
      guard let list = rest.popFirst() else { usageError() }
      let sizes = list.split(separator: ",").compactMap { Int($0) }
      guard !sizes.isEmpty, sizes.allSatisfy({ $0 >= 10 }) else { usageError() }
      benchmark.sizes = sizes
    }
    let options = numericOptions(rest, allowed: ["--requests", "--notifications", "--held"])
    if let requests = options["--requests"] { benchmark.requests = max(100, Int(requests)) }
    if let held = options["--held"] { benchmark.heldConnections = Int(held) }
    if let count = options["--notifications"] { benchmark.notifications = max(10, Int(count)) }
    return try await benchmark.run()
  case "handler":
    let options = numericOptions(words, allowed: ["--requests", "--size", "--per-customer"])
    var loop = HandlerLoop()
    if let count = options["--per-customer"] { loop.perCustomer = max(1, Int(count)) }
    if let requests = options["--requests"] { loop.requests = max(100, Int(requests)) }
    if let size = options["--size"] { loop.size = max(10, Int(size)) }
    try loop.run()
    return true
  case "walk":
    let options = numericOptions(words, allowed: ["--seeds", "--steps", "--first-seed"])
    var benchmark = WalkBenchmark()
    if let seeds = options["--seeds"] { benchmark.seeds = Int(seeds) }
    if let steps = options["--steps"] { benchmark.steps = Int(steps) }
    if let first = options["--first-seed"] { benchmark.firstSeed = UInt64(first) }
    return try await benchmark.run()
  case "render":
    guard words.isEmpty else { usageError() }
    return try RenderBenchmark().run()
  case "reader":
    var benchmark = ReaderBenchmark()
    if !words.isEmpty {
      guard words.count == 2, words.first == "--sizes" else { usageError() }
      let sizes = words.last!.split(separator: ",").map { Int($0) }
      guard !sizes.isEmpty, sizes.allSatisfy({ ($0 ?? 0) >= 10 }) else { usageError() }
      benchmark.sizes = sizes.compactMap { $0 }
    }
    return try benchmark.run()
  case "seats":
    let options = numericOptions(words, allowed: ["--writers", "--purchases"])
    return try await PostgresSeatsBenchmark(
      writers: max(1, Int(options["--writers"] ?? 4)),
      purchases: max(1, Int(options["--purchases"] ?? 50))
    ).run()
  case "seats-serve":
    // One `serve` of `seats`: URI URL STATE.
    let values = Array(words)
    guard values.count == 3 else { usageError() }
    return await PostgresSeatsBenchmark.serve(uri: values[0], url: values[1], state: values[2])
      == 0
  case "seats-writer":
    // One writer process of `seats`: URI CUSTOMER PURCHASES STATE.
    let values = Array(words)
    guard values.count == 4, let purchases = Int(values[2]) else { usageError() }
    try await PostgresSeatsBenchmark.writer(
      uri: values[0], customer: values[1], purchases: purchases, state: values[3])
    return true
  case "reader-probe":
    // The UI's side of `reader`, in a process of its own: DB TRANSACTIONS CHANGES POLLS.
    let values = Array(words)
    guard values.count == 4, let transactions = Int(values[1]), let changes = Int(values[2]),
      let polls = Int(values[3])
    else { usageError() }
    let result = try await ReaderProbeRun(
      path: values[0], transactions: transactions, changes: changes, idlePolls: polls
    ).run()
    print(result.line)
    return true
  case "all":
    guard words.isEmpty else { usageError() }
    var passed = true
    for (workload, options) in [
      ("jws", ["--seconds", "2", "--rounds", "2"]),
      ("purchase", ["--seconds", "2", "--rounds", "2", "--prefill", "20000"]),
      ("renewals", ["--subscribers", "2000"]), ("crash", ["--kills", "100"]),
      ("support", ["--customers", "20000"]), ("render", []),
      ("reader", ["--sizes", "10000,100000"]),
      ("server", ["--sizes", "10000,100000", "--requests", "1000"]),
      ("fuzz", ["--cases", "20000"]), ("walk", ["--seeds", "2", "--steps", "300"]),
    ] {
      print("\n== storeterm-bench \(workload) \(options.joined(separator: " "))")
      passed = try await runWorkload(workload, ArraySlice(options)) && passed
    }
    return passed
  default:
    usageError()
  }
}

// Line by line even into a file or pipe, so a run cut short still shows what it measured.
// Swift 6 refuses a reference to the C global `stdout`, so it is read through the symbol table
// (once, before any task starts).
if let symbol = dlsym(nil, "stdout") {
  setvbuf(symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>.self).pointee, nil, _IOLBF, 0)
}
let arguments = CommandLine.arguments.dropFirst()
guard let workload = arguments.first else { usageError() }
do {
  exit(try await runWorkload(workload, arguments.dropFirst()) ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("storeterm-bench: \(error)\n".utf8))
  exit(1)
}
