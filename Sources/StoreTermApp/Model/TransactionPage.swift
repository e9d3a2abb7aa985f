import StoreCore

/// Which window of QA's transaction list to read: the filter and where the window sits.
///
/// The list is the ledger's every transaction, newest (highest identifier) first; a window is
/// read by keyset paging from the ledger's index, so what a screen costs is what it shows, not
/// the ledger's size (see `Docs/DECISIONS.md`, "Reads cost what is on screen").
public struct TransactionPageRequest: Sendable, Hashable {
  /// Where the window sits in the list.
  public enum Position: Sendable, Hashable {
    /// The newest transactions.
    case top
    /// The oldest transactions.
    case bottom
    /// The transactions around this identifier (itself included when it is listed).
    case around(UInt64)
  }

  /// The transaction manager's filter; empty for every transaction.
  public var filter: String
  /// Where the window sits.
  public var position: Position
  /// How many rows the window holds: what fits on screen and a margin either side.
  public var limit: Int

  /// Creates a request.
  public init(filter: String = "", position: Position = .top, limit: Int = 100) {
    self.filter = filter
    self.position = position
    self.limit = limit
  }
}

/// One window of QA's transaction list, as the runner read it for a ``TransactionPageRequest``.
public struct TransactionPage: Sendable, Equatable {
  /// What was asked for.
  public var request: TransactionPageRequest
  /// The window's rows, newest first, each one the filter lets through.
  public var rows: [TransactionRecord]
  /// Whether no listed transaction is newer than the first row.
  public var startsAtTop: Bool
  /// Whether no listed transaction is older than the last row.
  public var reachesEnd: Bool
  /// How many transactions the ledger holds (a `COUNT`), when the list is not filtered.
  public var total: Int?
  /// Each signed row's verification result: `verified`, or why not.
  public var verification: [UInt64: String]

  /// Creates a page.
  public init(
    request: TransactionPageRequest = TransactionPageRequest(), rows: [TransactionRecord] = [],
    startsAtTop: Bool = true, reachesEnd: Bool = true, total: Int? = nil,
    verification: [UInt64: String] = [:]
  ) {
    self.request = request
    self.rows = rows
    self.startsAtTop = startsAtTop
    self.reachesEnd = reachesEnd
    self.total = total
    self.verification = verification
  }

  /// Whether the window holds every listed transaction.
  public var isComplete: Bool { startsAtTop && reachesEnd }
}
