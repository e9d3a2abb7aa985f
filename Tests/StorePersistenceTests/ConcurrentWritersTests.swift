import Foundation
import Synchronization
import Testing

@testable import StorePersistence

/// Errors collected from threads.
private final class ErrorLog: Sendable {
  private let messages = Mutex<[String]>([])
  func record(_ error: any Error) { messages.withLock { $0.append(String(describing: error)) } }
  var all: [String] { messages.withLock { $0 } }
}

/// Runs `body(index)` on `count` new threads at once and waits for all; returns what they threw.
private func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void)
  -> [String]
{
  let log = ErrorLog()
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      defer { group.leave() }
      do { try body(index) } catch { log.record(error) }
    }
    thread.start()
  }
  group.wait()
  return log.all
}

/// The path of `python3`, when the machine has one.
private let python3: String? = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").map { "\($0)/python3" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Whether a test that needs python3 runs: always under `CI=true` (where a missing python3 is a
/// failure, recorded by `requirePython`), else only when python3 is installed.
private let python3TestsRun = python3 != nil || ProcessInfo.processInfo.environment["CI"] == "true"

/// python3's path, or nil after recording why the test cannot run (CI only; elsewhere the test
/// is skipped before it starts).
private func requirePython(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
  if python3 == nil {
    Issue.record(
      "python3 is required when CI=true, but it is not on PATH.", sourceLocation: sourceLocation)
  }
  return python3
}

@Suite("Concurrent writers on one file: no busy error reaches the caller, no update is lost")
struct ConcurrentWritersTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.file("ledger.sqlite")
    var migrator = Migrator()
    migrator.registerMigration("create counter") { db in
      try db.execute(
        """
        CREATE TABLE counter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
        INSERT INTO counter VALUES (1, 0);
        CREATE TABLE writes (seq INTEGER PRIMARY KEY, writer INTEGER NOT NULL);
        """)
    }
    try migrator.migrate(try DatabaseQueue(location: .file(path)))
  }

  /// One read-modify-write increment: a lost update would show as a short total.
  private static func increment(_ queue: DatabaseQueue, writer: Int) throws {
    try queue.write { db in
      let value = try db.fetchOne("SELECT value FROM counter WHERE id = 1")!.get(Int64.self, at: 0)
      try db.execute("UPDATE counter SET value = ? WHERE id = 1", [.integer(value + 1)])
      try db.execute("INSERT INTO writes (writer) VALUES (?)", [.integer(Int64(writer))])
    }
  }

  private func totals(_ queue: DatabaseQueue) throws -> [SQLiteValue] {
    try queue.read { db in
      [
        try db.fetchOne("SELECT value FROM counter")![0],
        try db.fetchOne("SELECT count(*) FROM writes")![0],
      ]
    }
  }

  @Test("two queues on the same file, two threads each, writing in a loop")
  func twoQueues() throws {
    let queues = [
      try DatabaseQueue(location: .file(path)), try DatabaseQueue(location: .file(path)),
    ]
    let iterations = 100
    let errors = runOnThreads(4) { index in
      let queue = queues[index % 2]
      for _ in 0..<iterations {
        try Self.increment(queue, writer: index)
        // Interleave reads from the other connection, which WAL lets run beside the writer.
        _ = try queues[(index + 1) % 2].read { db in try db.fetchOne("SELECT value FROM counter") }
      }
    }
    #expect(errors == [])
    #expect(
      try totals(queues[0]) == [.integer(Int64(4 * iterations)), .integer(Int64(4 * iterations))])
  }

  @Test(
    "a second process writing the same file at the same time",
    .enabled(if: python3TestsRun, "skipped: needs python3 to act as the other process"))
  func secondProcess() throws {
    guard let python3 = requirePython() else { return }
    // The other process is Python's sqlite3 module: same file, BEGIN IMMEDIATE, a busy timeout.
    let script = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1], timeout=60, isolation_level=None)
      print("ready", flush=True)
      sys.stdin.readline()
      for _ in range(int(sys.argv[2])):
          db.execute("BEGIN IMMEDIATE")
          (value,) = db.execute("SELECT value FROM counter WHERE id = 1").fetchone()
          db.execute("UPDATE counter SET value = ? WHERE id = 1", (value + 1,))
          db.execute("INSERT INTO writes (writer) VALUES (99)")
          db.execute("COMMIT")
      """
    let iterations = 150
    let child = Process()
    child.executableURL = URL(fileURLWithPath: python3)
    child.arguments = ["-c", script, path, String(iterations)]
    let input = Pipe()
    let output = Pipe()
    child.standardInput = input
    child.standardOutput = output
    try child.run()
    // Wait until the child has its connection, then start both sides together.
    var greeting = Data()
    while !greeting.contains(UInt8(ascii: "\n")) {
      let chunk = readSome(output.fileHandleForReading)
      if chunk.isEmpty { break }
      greeting.append(chunk)
    }
    #expect(String(decoding: greeting, as: UTF8.self) == "ready\n")
    input.fileHandleForWriting.write(Data("go\n".utf8))

    let queue = try DatabaseQueue(location: .file(path))
    let errors = runOnThreads(2) { index in
      for _ in 0..<iterations { try Self.increment(queue, writer: index) }
    }
    child.waitUntilExit()
    #expect(errors == [])
    #expect(child.terminationStatus == 0)
    let expected = Int64(3 * iterations)
    #expect(try totals(queue) == [.integer(expected), .integer(expected)])
  }

  @Test("a writer waits for a lock another connection holds instead of failing")
  func waitsForLock() throws {
    let holder = try SQLiteConnection(location: .file(path))
    let queue = try DatabaseQueue(location: .file(path))
    let started = DispatchSemaphore(value: 0)
    let finished = Mutex(false)
    // Hold the write lock on `holder` while another thread tries to write through `queue`; the
    // lock is released only after that thread has started, so its BEGIN must wait for it.
    try holder.execute("BEGIN IMMEDIATE")
    let thread = Thread {
      started.signal()
      let outcome = Result { try Self.increment(queue, writer: 7) }
      finished.withLock { $0 = (try? outcome.get()) != nil }
      started.signal()
    }
    thread.start()
    started.wait()
    try holder.execute("UPDATE counter SET value = value + 100")
    try holder.execute("COMMIT")
    started.wait()
    #expect(finished.withLock { $0 })
    #expect(try totals(queue) == [.integer(101), .integer(1)])
  }

  @Test("two child processes running this same layer write alongside the parent")
  func childProcesses() async throws {
    // Swift Testing's exit tests run each closure in a fresh copy of this test process; the
    // writer column shows afterwards that both children really wrote.
    let iterations = 150
    let path = self.path
    async let first = #expect(processExitsWith: .success) {
      [path = path as String, iterations = iterations as Int] in
      let queue = try DatabaseQueue(location: .file(path))
      for _ in 0..<iterations { try Self.increment(queue, writer: 101) }
    }
    async let second = #expect(processExitsWith: .success) {
      [path = path as String, iterations = iterations as Int] in
      let queue = try DatabaseQueue(location: .file(path))
      for _ in 0..<iterations { try Self.increment(queue, writer: 102) }
    }
    let queue = try DatabaseQueue(location: .file(path))
    let errors = runOnThreads(2) { index in
      for _ in 0..<iterations { try Self.increment(queue, writer: index) }
    }
    _ = await (first, second)
    #expect(errors == [])
    let expected = SQLiteValue.integer(Int64(4 * iterations))
    #expect(try totals(queue) == [expected, expected])
    let perWriter = try queue.read { db in
      try db.fetchAll("SELECT writer, count(*) FROM writes GROUP BY writer ORDER BY writer")
        .map(\.values)
    }
    let each = SQLiteValue.integer(Int64(iterations))
    #expect(perWriter == [[0, each], [1, each], [101, each], [102, each]])
  }

  @Test("several first runs at once: opening, creating and migrating a new file together")
  func simultaneousFirstRuns() throws {
    let fresh = directory.file("first-run/ledger.sqlite")
    var migrator = Migrator()
    migrator.registerMigration("create counter") { db in
      try db.execute(
        """
        CREATE TABLE counter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
        INSERT INTO counter VALUES (1, 0);
        CREATE TABLE writes (seq INTEGER PRIMARY KEY, writer INTEGER NOT NULL);
        """)
    }
    // What races here is creating, configuring and migrating the file, not durability: without
    // an fsync per commit, a writer that loops straight into its next write cannot starve the
    // others past the busy timeout while the whole suite loads the disk (seen once, at 26 s).
    let options = DatabaseOptions(fullSync: false)
    let errors = runOnThreads(4) { [migrator] index in
      let queue = try DatabaseQueue(location: .file(fresh), options: options)
      try migrator.migrate(queue)
      for _ in 0..<20 { try Self.increment(queue, writer: index) }
    }
    #expect(errors == [])
    let queue = try DatabaseQueue(location: .file(fresh))
    #expect(try totals(queue) == [80, 80])
    #expect(try migrator.appliedMigrations(in: queue) == ["create counter"])
  }

  @Test(
    "opening a file again in the same process keeps the first connection's locks",
    .enabled(if: python3TestsRun, "skipped: needs python3 to look at the locks from outside"))
  func secondOpenKeepsLocks() throws {
    guard let python3 = requirePython() else { return }
    // An idle connection to a WAL database holds a shared lock on the file; POSIX locks belong to
    // the process, so any close of a descriptor of the file would release it. Another process
    // probes for it by asking for an exclusive lock on SQLite's shared range.
    let probe = """
      import fcntl, os, sys
      fd = os.open(sys.argv[1], os.O_RDWR)
      try:
          fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 510, 0x40000002, 0)
          print("free")
      except OSError:
          print("held")
      """
    func locks() throws -> String {
      let child = Process()
      child.executableURL = URL(fileURLWithPath: python3)
      child.arguments = ["-c", probe, path]
      let output = Pipe()
      child.standardOutput = output
      try child.run()
      var data = Data()
      while case let chunk = readSome(output.fileHandleForReading), !chunk.isEmpty {
        data.append(chunk)
      }
      child.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
    let first = try DatabaseQueue(location: .file(path))
    _ = try first.read { db in try db.fetchOne("SELECT value FROM counter") }
    #expect(try locks() == "held\n")
    let second = try DatabaseQueue(location: .file(path))
    _ = try second.read { db in try db.fetchOne("SELECT value FROM counter") }
    withExtendedLifetime(second) {}
    #expect(try locks() == "held\n")
    withExtendedLifetime(first) {}
  }

  @Test("a read sees one snapshot even when another connection commits in the middle of it")
  func readIsOneSnapshot() throws {
    let reader = try DatabaseQueue(location: .file(path))
    let writer = try DatabaseQueue(location: .file(path))
    let (before, after) = try reader.read { db in
      let before = try db.fetchOne("SELECT value FROM counter")![0]
      try Self.increment(writer, writer: 5)  // another queue, so not re-entrant
      let after = try db.fetchOne("SELECT value FROM counter")![0]
      return (before, after)
    }
    #expect(before == 0)
    #expect(after == 0)
    #expect(try reader.read { db in try db.fetchOne("SELECT value FROM counter")![0] } == 1)
  }

  @Test("a lock held past the busy timeout fails with the busy sentence and changes nothing")
  func lockHeldTooLong() throws {
    let holder = try SQLiteConnection(location: .file(path))
    try holder.execute("BEGIN IMMEDIATE")
    defer { try? holder.execute("ROLLBACK") }
    let impatient = try DatabaseQueue(
      location: .file(path), options: DatabaseOptions(busyTimeoutMilliseconds: 20))
    let error = try #require(throws: SQLiteError.self) {
      try Self.increment(impatient, writer: 1)
    }
    #expect(error.isBusy)
    #expect(
      error.description
        == "the database stayed locked by another storeterm process for too long; try again")
    #expect(try impatient.read { db in try db.fetchOne("SELECT value FROM counter")![0] } == 0)
  }

  @Test("the busy schedule ramps from 50 µs to 1 ms and adds up as documented")
  func busySchedule() {
    #expect(BusyBackoff.pause(before: 0) == 50)
    #expect(BusyBackoff.pause(before: 19) == 1000)
    #expect(BusyBackoff.pause(before: 500) == 1000)
    #expect(BusyBackoff.waited(before: 0) == 0)
    #expect(BusyBackoff.waited(before: 1) == 50)
    #expect(BusyBackoff.waited(before: 20) == 10_500)
    #expect(BusyBackoff.waited(before: 21) == 11_500)
    for attempt in 0..<100 {
      #expect(
        BusyBackoff.waited(before: attempt + 1)
          == BusyBackoff.waited(before: attempt) + BusyBackoff.pause(before: attempt))
    }
  }
}

/// The bytes `handle` has now (empty at end of file), retrying a read a signal interrupts:
/// Foundation's `availableData` and `readDataToEndOfFile` trap on `EINTR`, and other tests'
/// children exit while these wait.
private func readSome(_ handle: FileHandle) -> Data {
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(handle.fileDescriptor, &buffer, buffer.count)
    if count >= 0 { return Data(buffer[0..<count]) }
    if errno != EINTR { return Data() }
  }
}
