import Foundation
import Synchronization

/// One ledger connection's JWS headers (`jws_headers`, see `JWSHeaderSchema`) by text and by
/// identifier, so storing or rebuilding a transaction's JWS costs no statement once its header
/// is known.
///
/// Header rows are never deleted or changed, so a cached pair stays true for the life of the
/// connection, with one exception: a row the current transaction inserted disappears if it rolls
/// back, and another writer may then give its identifier to another header. So only pairs that
/// an earlier transaction committed are cached; a header inserted now is found by `SELECT` (and
/// cached then) in a later transaction. Pass the connection of one queue only: the store tells
/// transactions apart by that connection's `transactionNumber`.
final class JWSHeaderStore: Sendable {
  /// Headers kept before the cache starts over; a ledger holds one per signer, a handful, and
  /// writes search them in order.
  static let capacity = 64

  private struct State {
    /// Committed headers as bytes, searched in order: a ledger holds one per signer.
    var committed: [(header: [UInt8], id: Int64)] = []
    var headersByID: [Int64: String] = [:]
    /// The transaction that inserted `inserted`, by `SQLiteConnection.transactionNumber`.
    var insertingTransaction: UInt64 = 0
    /// Headers inserted by `insertingTransaction`: uncommitted while it runs.
    var inserted: Set<Int64> = []

    /// The identifier of a committed header equal to `header`, compared byte for byte.
    func committedID(of header: UnsafeRawBufferPointer) -> Int64? {
      for entry in committed where entry.header.count == header.count {
        let equal = entry.header.withUnsafeBytes { known in
          guard let stored = known.baseAddress, let given = header.baseAddress else { return true }
          return memcmp(stored, given, header.count) == 0
        }
        if equal { return entry.id }
      }
      return nil
    }
  }

  private let state = Mutex(State())

  /// Creates an empty store.
  init() {}

  /// What the `jws` and `jws_header` columns hold for `jws`: `payload.signature` and the
  /// identifier of its header (found, or inserted in the current write transaction); the whole
  /// JWS and nil when it has no dot, which then fails to decode on read as any damaged JWS does.
  func storedForm(of jws: String, db: SQLiteConnection) throws -> (jws: String, headerID: Int64?) {
    var jws = jws
    // Runs on every purchase: the dot is found with memchr and a known header is matched with
    // memcmp, where a String index walk and a dictionary's hash of 2.6 kB cost microseconds.
    let split = jws.withUTF8 { bytes -> (knownID: Int64?, header: String, rest: String)? in
      guard let base = bytes.baseAddress,
        let found = memchr(base, Int32(UInt8(ascii: ".")), bytes.count)
      else { return nil }
      let dot = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      let header = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<dot])
      let rest = String(decoding: bytes[(dot + 1)...], as: UTF8.self)
      if let id = state.withLock({ $0.committedID(of: header) }) { return (id, "", rest) }
      return (nil, String(decoding: header, as: UTF8.self), rest)
    }
    guard let split else { return (jws, nil) }
    if let id = split.knownID { return (split.rest, id) }
    return (split.rest, try id(of: split.header, db: db))
  }

  /// The header segment with identifier `id`, or nil when `jws_headers` has no such row.
  func header(_ id: Int64, db: SQLiteConnection) throws -> String? {
    if let header = state.withLock({ $0.headersByID[id] }) { return header }
    guard
      let header = try db.fetchOne("SELECT header FROM jws_headers WHERE id = ?", [.integer(id)])?
        .get(String.self, at: 0)
    else { return nil }
    remember(id, header, db: db)
    return header
  }

  /// The identifier of `header`, inserting it when the table does not have it yet.
  private func id(of header: String, db: SQLiteConnection) throws -> Int64 {
    if let id = try db.fetchOne("SELECT id FROM jws_headers WHERE header = ?", [.text(header)])?
      .get(Int64.self, at: 0)
    {
      remember(id, header, db: db)
      return id
    }
    try db.execute("INSERT INTO jws_headers (header) VALUES (?)", [.text(header)])
    let id = db.lastInsertRowID
    let transaction = db.transactionNumber
    state.withLock { state in
      if state.insertingTransaction != transaction {
        state.insertingTransaction = transaction
        state.inserted = []
      }
      state.inserted.insert(id)
    }
    return id
  }

  /// Caches `id` and `header`, read by `SELECT`, unless the current transaction inserted them.
  private func remember(_ id: Int64, _ header: String, db: SQLiteConnection) {
    let transaction = db.transactionNumber
    state.withLock { state in
      if state.insertingTransaction == transaction, state.inserted.contains(id) { return }
      if state.headersByID.count >= Self.capacity {
        state.committed.removeAll()
        state.headersByID.removeAll()
      }
      if state.headersByID.updateValue(header, forKey: id) == nil {
        state.committed.append((Array(header.utf8), id))
      }
    }
  }
}
