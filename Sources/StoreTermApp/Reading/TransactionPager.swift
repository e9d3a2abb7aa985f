import StoreCore

/// Reads windows of a transaction list (``TransactionPage``) by keyset paging, and the records a
/// screen looks up beside the history's window, verifying only what is shown.
///
/// A list is QA's (every customer's transactions) or one customer's history.
///
/// Nothing here reads every record: a window is a few index lookups, a filtered window pages
/// through the keyset in chunks until it is full (or `scanBudget` rows were looked at, when it
/// says there may be more), and both are read again only when the ledger's mark moved.
struct TransactionPager {
  /// Rows looked at per filtered chunk.
  static let chunk = 256
  /// The most rows one filtered window looks at before it stops and says there may be more.
  static let scanBudget = 20_000

  private let ledger: any LedgerBrowser
  /// Verifies a JWS and names the result ("verified", or the error's name).
  private let verify: (String) -> String
  /// Results by identifier and the JWS they are for, of the rows last shown.
  private var verified: [UInt64: (jws: String, result: String)] = [:]
  /// The last window, the mark it was read at and what it was read for.
  private var cached: (mark: [Int64], page: TransactionPage)?
  /// The records looked up beside the window, what they were read for and at which mark.
  private var lookedUp:
    (mark: [Int64], customerID: String, ids: Set<UInt64>, records: [TransactionRecord])?
  /// The ledger's record count as last brought up to date.
  private var count: LedgerRecordCount?

  init(ledger: any LedgerBrowser, verify: @escaping (String) -> String) {
    self.ledger = ledger
    self.verify = verify
  }

  /// The window `request` asks for; `matches` lets a row through the filter (nil: every row).
  ///
  /// Read again only when the ledger changed since the same request was last answered.
  mutating func page(
    _ request: TransactionPageRequest, mark: [Int64],
    matches: ((TransactionRecord) -> Bool)?
  ) throws -> TransactionPage {
    if let cached, cached.mark == mark, cached.page.request == request { return cached.page }
    var page = try read(request, matches: matches)
    page.verification = results(for: page.rows)
    page.chains = try chains(of: page.rows)
    page.refunds = try refunds(of: page.rows)
    cached = (mark, page)
    return page
  }

  /// The customer's records a screen looks up wherever the history's window sits, newest first.
  ///
  /// Open purchase requests and Family Sharing copies (one range of the customer's index), and
  /// the customer's transactions among `ids` (a purchase result's, the event log's), each by its
  /// key. Read again only when the mark or `ids` moved.
  mutating func lookups(customerID: String, ids: Set<UInt64>, mark: [Int64]) throws
    -> [TransactionRecord]
  {
    if let lookedUp, lookedUp.mark == mark, lookedUp.customerID == customerID,
      lookedUp.ids == ids
    {
      return lookedUp.records
    }
    var records = try ledger.requestsAndSharedCopies(customerID: customerID)
    let found = Set(records.map(\.id))
    for id in ids.subtracting(found).sorted() {
      guard let record = try ledger.record(id: id), record.customerID == customerID else {
        continue
      }
      records.append(record)
    }
    records.sort { $0.id > $1.id }
    lookedUp = (mark, customerID, ids, records)
    return records
  }

  /// Forgets what was read last, so the next read reads it again.
  mutating func invalidate() {
    cached = nil
    lookedUp = nil
  }

  private mutating func read(
    _ request: TransactionPageRequest, matches: ((TransactionRecord) -> Bool)?
  ) throws -> TransactionPage {
    let limit = max(1, request.limit)
    var page = TransactionPage(request: request)
    let customerID = request.customerID
    switch request.position {
    case .top:
      let older = try collect(
        customerID, from: nil, .older, count: limit, matches: matches)
      page.rows = older.rows
      page.reachesEnd = older.exhausted
    case .bottom:
      let newer = try collect(
        customerID, from: nil, .newer, count: limit, matches: matches)
      page.rows = newer.rows.reversed()
      page.startsAtTop = newer.exhausted
    case .around(let id):
      let newer = try collect(
        customerID, from: id, .newer, count: limit / 2, matches: matches)
      // The identifier itself is the first of the older half: keys below `id + 1`.
      let older = try collect(
        customerID, from: id == .max ? nil : id + 1, .older, count: limit - newer.rows.count,
        matches: matches)
      page.rows = newer.rows.reversed() + older.rows
      page.startsAtTop = newer.exhausted
      page.reachesEnd = older.exhausted
    }
    if matches == nil, customerID == nil {
      // Counted whole once; after that, what was inserted and deleted since.
      let counted = try ledger.recordCount(updating: count)
      count = counted
      page.total = counted.count
    }
    return page
  }

  /// Up to `count` rows the filter lets through, of `customerID` when given, next to `key` in
  /// `direction`; `exhausted` when the list ends there (not when the scan budget ran out).
  private func collect(
    _ customerID: String?, from key: UInt64?, _ direction: RecordPageDirection, count: Int,
    matches: ((TransactionRecord) -> Bool)?
  ) throws -> (rows: [TransactionRecord], exhausted: Bool) {
    guard count > 0 else {
      // Nothing wanted: whether the list ends here is one more row away.
      return (
        [],
        try ledger.recordPage(customerID: customerID, from: key, direction: direction, limit: 1)
          .isEmpty
      )
    }
    guard let matches else {
      let rows = try ledger.recordPage(
        customerID: customerID, from: key, direction: direction, limit: count + 1)
      return (Array(rows.prefix(count)), rows.count <= count)
    }
    // One match more than wanted says whether the list goes on past the window.
    var found: [TransactionRecord] = []
    var next = key
    var scanned = 0
    while scanned < Self.scanBudget {
      let rows = try ledger.recordPage(
        customerID: customerID, from: next, direction: direction, limit: Self.chunk)
      scanned += rows.count
      for row in rows where matches(row) {
        found.append(row)
        if found.count > count { return (Array(found.prefix(count)), false) }
      }
      guard rows.count == Self.chunk, let last = rows.last else { return (found, true) }
      next = last.id
    }
    return (found, false)
  }

  /// The subscription chains of `rows`' own subscription transactions, by original ID.
  ///
  /// They are the chains the engine reads when it carries out a control on one of them. A Family Sharing
  /// copy is refused before its chain is looked at, so it needs none.
  private func chains(of rows: [TransactionRecord]) throws -> [UInt64: SubscriptionState] {
    let originals = Set(
      rows.compactMap { record -> UInt64? in
        guard record.sharedFromID == nil, let payload = record.signed?.payload,
          payload.type == .autoRenewableSubscription
        else { return nil }
        return UInt64(payload.originalTransactionId)
      })
    guard !originals.isEmpty else { return [:] }
    let states = try ledger.subscriptions(originalIDs: originals)
    return Dictionary(states.map { ($0.originalID, $0) }) { first, _ in first }
  }

  /// The refund requests of `rows`' own charged transactions, each through the customer's
  /// event index, with the latest consumption information the developer sent.
  private func refunds(of rows: [TransactionRecord]) throws -> [UInt64: RefundNote] {
    var notes: [UInt64: RefundNote] = [:]
    for record in rows where record.signed != nil && record.sharedFromID == nil {
      let events = try ledger.events(
        of: RefundCase.eventKinds, transactionID: record.id, customerID: record.customerID)
      guard let refund = RefundCase.cases(from: events).first else { continue }
      let latest = try ledger.latestConsumption(transactionID: record.id)
      notes[record.id] = RefundNote(
        refund: refund,
        consumption: latest.flatMap {
          RefundCase.consumptionSummary(version: $0.version, bodyJSON: $0.bodyJSON)
        })
    }
    return notes
  }

  /// The verification of `rows`' signed records, checking only JWS not seen before; results
  /// are kept for `rows` only, so the cache is the size of what is shown.
  private mutating func results(for rows: [TransactionRecord]) -> [UInt64: String] {
    var shown: [UInt64: String] = [:]
    var keep: [UInt64: (jws: String, result: String)] = [:]
    for record in rows {
      guard let signed = record.signed else { continue }
      let result: String
      if let entry = verified[record.id], entry.jws == signed.jws {
        result = entry.result
      } else {
        result = verify(signed.jws)
      }
      keep[record.id] = (signed.jws, result)
      shown[record.id] = result
    }
    verified = keep
    return shown
  }
}
