import StoreCore

/// Which window of a transaction list to read: QA's list of every customer's transactions, or one
/// customer's history; the filter and where the window sits.
///
/// A list runs newest (highest identifier) first; a window is read by keyset paging from the
/// ledger's index (the table's key, or `transactions_by_customer` for one customer), so what a
/// screen costs is what it shows, not the ledger's size (see `Docs/DECISIONS.md`, "Reads cost
/// what is on screen").
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

  /// The customer whose history this is (the account screen's); nil for every customer's
  /// transactions (the transaction manager's).
  public var customerID: String?
  /// The transaction manager's filter; empty for every transaction.
  public var filter: String
  /// Where the window sits.
  public var position: Position
  /// How many rows the window holds: what fits on screen and a margin either side.
  public var limit: Int

  /// Creates a request.
  public init(
    customerID: String? = nil, filter: String = "", position: Position = .top, limit: Int = 100
  ) {
    self.customerID = customerID
    self.filter = filter
    self.position = position
    self.limit = limit
  }
}

/// One window of a transaction list, as the runner read it for a ``TransactionPageRequest``.
public struct TransactionPage: Sendable, Equatable {
  /// What was asked for.
  public var request: TransactionPageRequest
  /// The window's rows, newest first, each one the filter lets through.
  public var rows: [TransactionRecord]
  /// Whether no listed transaction is newer than the first row.
  public var startsAtTop: Bool
  /// Whether no listed transaction is older than the last row.
  public var reachesEnd: Bool
  /// How many transactions the ledger holds (a `COUNT`), when the list is every customer's and
  /// not filtered.
  public var total: Int?
  /// Each signed row's verification result: `verified`, or why not.
  public var verification: [UInt64: String]
  /// The subscription chains of the window's own (not shared) subscription rows, by original
  /// transaction ID, whoever's they are: a control's refusal depends on the chain, and the
  /// snapshot holds only the signed-in customer's.
  public var chains: [UInt64: SubscriptionState]
  /// The refund requests of the window's rows that have one, by transaction ID.
  public var refunds: [UInt64: RefundNote] = [:]

  /// Creates a page.
  public init(
    request: TransactionPageRequest = TransactionPageRequest(), rows: [TransactionRecord] = [],
    startsAtTop: Bool = true, reachesEnd: Bool = true, total: Int? = nil,
    verification: [UInt64: String] = [:], chains: [UInt64: SubscriptionState] = [:]
  ) {
    self.request = request
    self.rows = rows
    self.startsAtTop = startsAtTop
    self.reachesEnd = reachesEnd
    self.total = total
    self.verification = verification
    self.chains = chains
  }

  /// Whether the window holds every listed transaction.
  public var isComplete: Bool { startsAtTop && reachesEnd }
}

extension TransactionPage {
  /// Where the selected transaction `id` is after the list changed, for a list showing `page`
  /// as `rows`: at a row; outside the window only, so the window around it is to be asked
  /// (unless it was asked already, while `awaiting` it, and did not hold it); or gone.
  ///
  /// The one rule the transaction manager and the account history follow a selection by.
  static func locate(
    _ id: UInt64, in rows: [TransactionRecord], page: TransactionPage?, awaiting: UInt64?
  ) -> Located {
    if let index = rows.firstIndex(where: { $0.id == id }) { return .row(index) }
    if let page, !page.isComplete, page.request.position != .around(id) || awaiting == nil {
      return .outside
    }
    return .gone
  }

  /// Where a selected transaction is: see ``locate(_:in:page:awaiting:)``.
  enum Located: Equatable {
    /// At this row of the list.
    case row(Int)
    /// Outside the window: ask for the window around it.
    case outside
    /// No longer listed.
    case gone
  }

  /// Where the next window should sit after a move by `delta` left the selection on row
  /// `selected` of `rows` (this window's rows as the screen lists them): the list's top or
  /// bottom when `Home` or `End` went past the window, the rows around the selection when it
  /// came within a quarter of `limit` of an edge the list goes on past; nil when this window
  /// will do, or when `isLoading` one is already on its way.
  func nextPosition(
    afterMoving delta: Int, to selected: Int, of rows: [TransactionRecord], isLoading: Bool,
    limit: Int
  ) -> TransactionPageRequest.Position? {
    let count = rows.count
    if delta <= -count, !startsAtTop { return .top }
    if delta >= count, !reachesEnd { return .bottom }
    let margin = max(10, limit / 4)
    let nearTop = selected < margin && !startsAtTop
    let nearEnd = selected >= count - margin && !reachesEnd
    // One window on its way is enough: it is read around a row next to the selection.
    guard nearTop || nearEnd, !isLoading, rows.indices.contains(selected) else { return nil }
    return .around(rows[selected].id)
  }
}

/// A transaction's refund request as the inspector shows it: the request and its decision,
/// and the developer's latest Send Consumption Information in one line.
public struct RefundNote: Sendable, Equatable {
  /// The request and what became of it.
  public var refund: RefundCase
  /// ``RefundCase/consumptionSummary(version:bodyJSON:)`` of the latest body; nil: none came.
  public var consumption: String?

  /// Creates a note.
  public init(refund: RefundCase, consumption: String?) {
    self.refund = refund
    self.consumption = consumption
  }
}
