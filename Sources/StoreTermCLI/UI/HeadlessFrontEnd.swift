import Foundation
import StoreCore
import StorePersistence
import StoreTermApp
import Synchronization

/// The terminal UI's runner without a terminal, over a ledger file: the real store manager,
/// snapshot reader and clients of `storeterm ui`, driven one effect at a time.
///
/// For the differential walk, which runs in the test suite and, longer, in `storeterm-bench
/// walk`: both live outside this module, and the runner is internal, so this is its one public
/// door. Every snapshot the runner sends is kept; ``snapshot`` is the latest.
@MainActor
public final class HeadlessFrontEnd {
  private let runner: StoreEffectRunner
  private let context: StoreContext
  private let inbox = Inbox()

  /// Opens the App Store at `database` as `storeterm ui --db database [--customer ID]` does, and
  /// starts the front end (its first snapshot included).
  ///
  /// - Parameters:
  ///   - recordTo: the scenario file `W` records to (``AppEffect/setRecording(_:)``).
  ///   - environment: the process environment it reads (`XDG_STATE_HOME` names the state folder
  ///     of a PostgreSQL seat: its CA and app records).
  public init(
    database: String, customerID: String? = nil, recordTo: String? = nil,
    environment: [String: String] = [:]
  ) async throws {
    let parsed = try StoreTermCommand.parser.parse(
      ["ui", "--db", database] + (customerID.map { ["--customer", $0] } ?? []))
    let log = DiagnosticLog()
    context = try CommandContext(
      parsed: parsed, output: LogOutput(log: log), environment: environment
    ).openStore(reportingWarnings: false)
    let target = RecordingTarget(
      path: recordTo, paths: StorePaths(databaseOption: database, environment: [:]),
      catalog: "demo")
    runner = try StoreEffectRunner(context: context, log: log, recording: target) { customerID in
      // The same ledger path for another customer, or for this one when another file took
      // the ledger's place.
      let parsed = try StoreTermCommand.parser.parse([
        "ui", "--db", database, "--customer", customerID,
      ])
      return try CommandContext(
        parsed: parsed, output: LogOutput(log: log), environment: environment
      ).openStore(reportingWarnings: false)
    }
    await run(.start)
  }

  /// Carries out `effect` as the UI would after a key.
  public func run(_ effect: AppEffect) async {
    await runner.run(effect) { [inbox] in inbox.send($0) }
  }

  /// What the UI's watch does on its next look at the ledger (changes by other processes).
  public func takeInOtherProcesses() async {
    await runner.takeInOtherProcesses { [inbox] in inbox.send($0) }
  }

  /// The retention sheet answers the runner sent, oldest first.
  public var retentionAnswers: [RetentionSheetAction] { inbox.retention }

  /// The latest snapshot the front end was sent, or nil before the first.
  public var snapshot: StoreSnapshot? { inbox.lastSnapshot }

  /// The transaction manager's window around transaction `id`, as the screen reads it when its
  /// selection follows that transaction (nil if the runner could not read it).
  public func transactionPage(around id: UInt64) async -> TransactionPage? {
    inbox.clearPage()
    await run(.loadTransactionPage(TransactionPageRequest(position: .around(id), limit: 9)))
    return inbox.lastPage
  }

  /// The signed-in customer's records as the ledger holds them.
  public func records() throws -> [TransactionRecord] {
    try context.backend.ledger.records(customerID: context.customerID)
  }

  /// Stops the store manager's listeners.
  public func stop() async {
    await runner.stop()
  }

  /// Keeps the latest snapshot and transaction page the runner sends, from whichever task sends
  /// them.
  private final class Inbox: Sendable {
    private let latest = Mutex<(snapshot: StoreSnapshot?, page: TransactionPage?)>((nil, nil))
    private let answers = Mutex<[RetentionSheetAction]>([])

    func send(_ action: AppAction) {
      switch action {
      case .retention(let answer): answers.withLock { $0.append(answer) }
      case .storeChanged(let snapshot): latest.withLock { $0.snapshot = snapshot }
      case .transactions(.loaded(let page)): latest.withLock { $0.page = page }
      default: break
      }
    }

    func clearPage() { latest.withLock { $0.page = nil } }

    var lastSnapshot: StoreSnapshot? { latest.withLock { $0.snapshot } }

    var lastPage: TransactionPage? { latest.withLock { $0.page } }

    var retention: [RetentionSheetAction] { answers.withLock { $0 } }
  }
}
