import StoreCore
import StorePersistence

/// Every customer's records as QA's transaction manager shows them (newest first) and their
/// verification results, kept up to date by reading only the records that changed.
///
/// The watch builds a snapshot five times a second; over 100,000 transactions, reading and
/// decoding them all again after each change took most of a second. The ledger stamps every
/// record update and identifiers only grow (``SQLiteLedger/recordChanges(after:)``), so each
/// refresh asks for what changed after the cursor it last saw, merges it by identifier and
/// verifies only what it must.
struct RecordMirror {
  /// The records, newest (highest identifier) first.
  private(set) var records: [TransactionRecord] = []
  /// The verification result of the signed-in customer's signed records and of the newest
  /// `verifiedLimit` signed records, by identifier.
  private(set) var verification: [UInt64: String] = [:]
  /// Where the ledger stood at the last refresh; nil before the first.
  private(set) var cursor: LedgerChangeCursor?
  /// The customer whose every transaction is verified (the account history shows them).
  let customerID: String
  /// How many of the newest transactions of other customers are verified.
  let verifiedLimit: Int
  /// Verifies a JWS and names the result ("verified", or the error's name).
  private let verify: (String) -> String
  /// Results by identifier and the JWS they are for: a record's JWS changes when it does.
  private var verified: [UInt64: (jws: String, result: String)] = [:]
  /// The signed-in customer's results, kept apart from the newest few hundred.
  private var own: [UInt64: String] = [:]

  /// An empty mirror; the first ``refresh(from:)`` reads every record.
  init(customerID: String, verifiedLimit: Int, verify: @escaping (String) -> String) {
    self.customerID = customerID
    self.verifiedLimit = verifiedLimit
    self.verify = verify
  }

  /// Reads what changed in `ledger` since the last refresh and merges it; returns whether the
  /// records changed.
  @discardableResult
  mutating func refresh(from ledger: SQLiteLedger) throws -> Bool {
    apply(try ledger.recordChanges(after: cursor))
  }

  /// Merges `changes` (read after ``cursor``); returns whether the records changed.
  @discardableResult
  mutating func apply(_ changes: LedgerRecordChanges) -> Bool {
    cursor = changes.cursor
    if changes.isComplete {
      records = changes.records.reversed()
      own = [:]
      for record in records where record.customerID == customerID { note(record) }
    } else {
      guard !changes.records.isEmpty || !changes.deletedIDs.isEmpty else { return false }
      records = Self.merge(records, changed: changes.records, deleted: changes.deletedIDs)
      for record in changes.records where record.customerID == customerID { note(record) }
      for id in changes.deletedIDs {
        own[id] = nil
        verified[id] = nil
      }
    }
    // The newest few hundred shift with every purchase; checking them again costs a lookup
    // each, since results are kept by JWS.
    verification = own
    for record in records.prefix(verifiedLimit) {
      if let signed = record.signed { verification[record.id] = result(signed.jws, id: record.id) }
    }
    return true
  }

  /// Records the signed-in customer's `record` among ``own``.
  private mutating func note(_ record: TransactionRecord) {
    own[record.id] = record.signed.map { result($0.jws, id: record.id) }
  }

  private mutating func result(_ jws: String, id: UInt64) -> String {
    if let cached = verified[id], cached.jws == jws { return cached.result }
    let result = verify(jws)
    verified[id] = (jws, result)
    return result
  }

  /// `records` (newest first) with `changed` (identifier order) put in place and `deleted`
  /// removed: replaced where the identifier is already there, otherwise inserted in order.
  static func merge(
    _ records: [TransactionRecord], changed: [TransactionRecord], deleted: [UInt64]
  ) -> [TransactionRecord] {
    var result = records
    var inserted: [TransactionRecord] = []
    for record in changed {
      if let index = index(of: record.id, in: result) {
        result[index] = record
      } else {
        inserted.append(record)
      }
    }
    if !deleted.isEmpty {
      let gone = Set(deleted)
      result.removeAll { gone.contains($0.id) }
    }
    guard !inserted.isEmpty else { return result }
    // New identifiers are above every existing one (they are never reused), so new records go
    // in front; anything else is sorted into place.
    if let newest = result.first, inserted.contains(where: { $0.id < newest.id }) {
      result += inserted
      result.sort { $0.id > $1.id }
    } else {
      result.insert(contentsOf: inserted.reversed(), at: 0)
    }
    return result
  }

  /// The position of identifier `id` in `records` (newest first), by binary search.
  private static func index(of id: UInt64, in records: [TransactionRecord]) -> Int? {
    var low = 0
    var high = records.count
    while low < high {
      let middle = (low + high) / 2
      if records[middle].id == id { return middle }
      if records[middle].id > id { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
