import Foundation
import StoreCore
import StoreJWS
import StorePersistence

/// `storeterm-bench crash [--kills N]`: kills `storeterm` processes at random signatures during
/// purchases and time travel, restarts, and checks the ledger after each kill: integrity, every
/// transaction's signature, balances equal to the finished grants, no renewal twice, no gap in
/// the event log.
struct CrashBenchmark {
  var kills: Int
  var seed: UInt64 = 20_261_130

  func run() throws -> Bool {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "storeterm").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      FileHandle.standardError.write(
        Data("storeterm-bench: \(binary) is missing; build the storeterm product first\n".utf8))
      return false
    }
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "storeterm-bench-crash-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let db = directory.appending(path: "ledger.sqlite").path
    var random = SystemRandomNumberGenerator()
    var killed = 0
    var failures: [String] = []
    let started = Date()
    // How the cost grows as the ledger does: each round's command-and-restart time and check
    // time, and the ledger's size, for the first and the last tenth of the rounds.
    var commandSeconds: [Double] = []
    var checkSeconds: [Double] = []
    var ledgerSizes: [Int64] = []
    for round in 1...kills {
      let commandStarted = Date()
      let commands = [
        ["purchase", "dev.storeterm.demo.coins.100", "--customer", "c\(round % 5)"],
        ["purchase", "dev.storeterm.demo.plus.monthly", "--customer", "s\(round % 7)"],
        ["clock", "advance", "\(Int.random(in: 1...40, using: &random))d"],
      ]
      let command = commands.randomElement(using: &random)!
      let fault = "afterSigning#\(Int.random(in: 1...6, using: &random))"
      let status = try Self.run(
        binary, command + ["--db", db], environment: ["STORETERM_TEST_FAULT": fault])
      if status == 9 { killed += 1 }
      // The restart: any command recovers and catches up; then the checks.
      let check = try Self.run(binary, ["transactions", "--db", db, "--json"], environment: [:])
      if check != 0 { failures.append("round \(round): restart exited \(check)") }
      let checksStarted = Date()
      commandSeconds.append(checksStarted.timeIntervalSince(commandStarted))
      if let problem = try Self.checkLedger(db) { failures.append("round \(round): \(problem)") }
      if let problem = try Self.checkBalances(binary, db: db) {
        failures.append("round \(round): \(problem)")
      }
      checkSeconds.append(Date().timeIntervalSince(checksStarted))
      ledgerSizes.append(try Self.transactionCount(db))
    }
    let seconds = Date().timeIntervalSince(started)
    print("rounds: \(kills), killed mid-command: \(killed), failures: \(failures.count)")
    print(
      String(
        format: "%.1f s, %.0f ms per kill-and-restart round", seconds,
        1000 * seconds / Double(kills)))
    let tenth = max(1, kills / 10)
    for (name, range) in [("first", 0..<tenth), ("last", (kills - tenth)..<kills)] {
      let command = range.map { commandSeconds[$0] }.reduce(0, +) / Double(range.count)
      let checks = range.map { checkSeconds[$0] }.reduce(0, +) / Double(range.count)
      print(
        String(
          format: "%@ tenth (ledger up to %lld transactions): command + restart %.0f ms,"
            + " checks %.0f ms per round", name, ledgerSizes[range.upperBound - 1],
          1000 * command, 1000 * checks))
    }
    for failure in failures.prefix(10) { print(failure) }
    return failures.isEmpty
  }

  /// Runs the binary and returns its exit status (the signal number when killed by one).
  static func run(_ binary: String, _ arguments: [String], environment: [String: String]) throws
    -> Int32
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// A sentence when a customer's coin balance differs from the coins the App Store charged.
  static func checkBalances(_ binary: String, db: String) throws -> String? {
    let ledger = try SQLiteLedger(location: .file(db))
    for index in 0..<5 {
      let customer = "c\(index)"
      let charged = try ledger.queue.read { db in
        try db.fetchOne(
          "SELECT count(*) FROM transactions WHERE customer_id = ? AND product_id = ? AND state = 'purchased'",
          [.text(customer), .text("dev.storeterm.demo.coins.100")])?.get(Int64.self, at: 0) ?? 0
      }
      let output = try capture(binary, ["balances", "--json", "--db", db, "--customer", customer])
      if !output.contains("\"balance\": \(charged)")
        && !(charged == 0 && output.contains("\"balance\": 0"))
      {
        return
          "\(customer): charged \(charged) coins, balances say \(output.replacingOccurrences(of: "\n", with: " "))"
      }
    }
    return nil
  }

  /// The number of transactions in the ledger at `path`.
  static func transactionCount(_ path: String) throws -> Int64 {
    try SQLiteLedger(location: .file(path)).queue.read { db in
      try db.fetchOne("SELECT count(*) FROM transactions")?.get(Int64.self, at: 0) ?? 0
    }
  }

  /// Standard output of the binary.
  static func capture(_ binary: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// A sentence describing what is wrong with the ledger, or nil.
  static func checkLedger(_ path: String) throws -> String? {
    let ledger = try SQLiteLedger(location: .file(path))
    let integrity = try ledger.queue.read { db in
      try db.fetchOne("PRAGMA integrity_check")?.get(String.self, at: 0)
    }
    if integrity != "ok" { return "integrity_check: \(integrity ?? "nothing")" }
    // No period billed twice: renewals of one chain never share a start.
    let duplicates = try ledger.queue.read { db in
      try db.fetchOne(
        """
        SELECT count(*) FROM (SELECT original_id, purchase_date_ms FROM transactions
        WHERE original_id IS NOT NULL GROUP BY original_id, purchase_date_ms HAVING count(*) > 1)
        """)?.get(Int64.self, at: 0) ?? 0
    }
    if duplicates > 0 { return "\(duplicates) periods billed twice" }
    // The event log has no gap: every committed change kept its place in the sequence.
    let (count, highest) = try ledger.queue.read { db in
      let row = try db.fetchOne("SELECT count(*), coalesce(max(seq), 0) FROM events")
      return (try row?.get(Int64.self, at: 0) ?? 0, try row?.get(Int64.self, at: 1) ?? 0)
    }
    if count != highest { return "the event log has \(count) events up to \(highest)" }
    // Every committed transaction's JWS verifies against the CA beside the ledger.
    let folder = (path as NSString).deletingLastPathComponent
    let verifier = try TestCertificateAuthority.loadOrCreate(stateDirectory: folder)
      .makeVerifier(configuration: SignedDataConfiguration())
    // Through the ledger, which rebuilds each JWS from its stored parts.
    let tokens = try ledger.recordChanges(after: nil).records.compactMap { $0.signed?.jws }
    for token in tokens {
      guard case .success(.verified) = verifier.verify(token, as: JWSTransactionDecodedPayload.self)
      else { return "a stored transaction does not verify" }
    }
    return nil
  }
}
