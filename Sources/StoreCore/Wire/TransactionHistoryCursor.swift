/// One read of a customer's signed transactions for the server's history endpoints: the order,
/// its direction, where it resumes and how many it takes.
///
/// Get Transaction History pages by purchase date and Get Refund History by revocation date,
/// each then by transaction identifier; a ledger reads a page's worth from an index on that
/// order instead of every transaction of the customer.
public struct TransactionHistoryCursor: Sendable, Equatable {
  /// What the read orders by.
  public enum Order: Sendable, Equatable {
    /// Purchase date: every signed transaction.
    case purchaseDate
    /// Revocation date: only the refunded or revoked ones.
    case revocationDate
  }

  /// A place in the order: a date (epoch milliseconds) and a transaction identifier.
  public struct Position: Sendable, Equatable, Comparable {
    /// The order's date.
    public var date: Int64
    /// The transaction identifier, which orders transactions of the same date.
    public var id: UInt64

    /// A position.
    public init(date: Int64, id: UInt64) {
      self.date = date
      self.id = id
    }

    /// Date first, then identifier.
    public static func < (left: Position, right: Position) -> Bool {
      (left.date, left.id) < (right.date, right.id)
    }
  }

  /// What the read orders by.
  public var order: Order
  /// Newest first.
  public var descending: Bool
  /// Only transactions strictly beyond this position in the read's direction; nil from the
  /// start.
  public var after: Position?
  /// At most this many.
  public var limit: Int

  /// A read.
  public init(order: Order, descending: Bool = false, after: Position? = nil, limit: Int) {
    self.order = order
    self.descending = descending
    self.after = after
    self.limit = limit
  }

  /// Where `facts` stands in the order; nil when the order leaves it out (a transaction never
  /// revoked, read by revocation date).
  public func position(of facts: TransactionHistoryFacts) -> Position? {
    switch order {
    case .purchaseDate: Position(date: facts.purchaseDate, id: facts.id)
    case .revocationDate: facts.revocationDate.map { Position(date: $0, id: facts.id) }
    }
  }

  /// Whether `position` lies beyond where the read resumes.
  public func isBeyondStart(_ position: Position) -> Bool {
    guard let after else { return true }
    return descending ? position < after : after < position
  }

  /// What a read with this cursor gives from all of a customer's `payloads`: for ledgers
  /// without an index on the order.
  public func select(_ payloads: [StoredTransactionPayload]) -> [StoredTransactionPayload] {
    var placed = payloads.compactMap { payload in
      position(of: payload.facts).flatMap { isBeyondStart($0) ? ($0, payload) : nil }
    }
    placed.sort { $0.0 < $1.0 }
    if descending { placed.reverse() }
    return placed.prefix(max(0, limit)).map(\.1)
  }
}
