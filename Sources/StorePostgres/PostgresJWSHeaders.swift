import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One PostgreSQL ledger's JWS headers (`jws_headers`) by text and identifier, as SQLite's
/// header store keeps them: a header a transaction inserts is cached only when a later
/// transaction finds it, because a rollback takes the row (and its identifier) back.
final class PostgresJWSHeaders: Sendable {
  private struct State {
    var idsByHeader: [String: Int64] = [:]
    var headersByID: [Int64: String] = [:]
    /// Headers the current write transaction inserted.
    var inserted: Set<Int64> = []
    /// The header found last, tried before the dictionary.
    var last: (header: String, id: Int64)?
  }

  private let state = Mutex(State())

  /// Forgets what the previous write transaction inserted (it committed or rolled back).
  func beginTransaction() { state.withLock { $0.inserted.removeAll() } }

  /// The write transaction ended: its headers are the server's (committed) or gone (rolled
  /// back), so the next read that finds one may cache it.
  func endTransaction() { state.withLock { $0.inserted.removeAll() } }

  /// The `jws` and `jws_header` columns for `jws`: `payload.signature` and its header's
  /// identifier (found or inserted); the whole JWS and nil when it has no dot.
  func storedForm(of jws: String, db: PostgresConnection) throws -> (jws: String, headerID: Int64?)
  {
    // The header (with its certificate chain) is a few kilobytes, and every record a seat writes
    // carries the same one: split with `memchr`, and the last header compared before hashing.
    var text = jws
    let split: (header: String, rest: String)? = text.withUTF8 { bytes in
      guard let base = bytes.baseAddress,
        let found = memchr(base, Int32(UInt8(ascii: ".")), bytes.count)
      else { return nil }
      let dot = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      return (
        String(decoding: UnsafeBufferPointer(rebasing: bytes[..<dot]), as: UTF8.self),
        String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
      )
    }
    guard let (header, rest) = split else { return (jws, nil) }
    if let id = state.withLock({ state -> Int64? in
      if let last = state.last, last.header == header { return last.id }
      guard let id = state.idsByHeader[header] else { return nil }
      state.last = (header, id)
      return id
    }) {
      return (rest, id)
    }
    if let found = try db.fetchOne(
      "SELECT id FROM jws_headers WHERE header = $1", [.text(header)])?.int64("id")
    {
      remember(found, header)
      return (rest, found)
    }
    let id =
      try db.fetchOne(
        "INSERT INTO jws_headers (header) VALUES ($1) RETURNING id", [.text(header)])?.int64("id")
      ?? 0
    state.withLock { _ = $0.inserted.insert(id) }
    return (rest, id)
  }

  /// The header with identifier `id`, or nil when there is none.
  func header(_ id: Int64, db: PostgresConnection) throws -> String? {
    if let header = state.withLock({ $0.headersByID[id] }) { return header }
    guard
      let header = try db.fetchOne("SELECT header FROM jws_headers WHERE id = $1", [.integer(id)])?
        .text("header")
    else { return nil }
    remember(id, header)
    return header
  }

  private func remember(_ id: Int64, _ header: String) {
    state.withLock { state in
      guard !state.inserted.contains(id) else { return }
      if state.headersByID.count >= 64 {
        state.headersByID.removeAll()
        state.idsByHeader.removeAll()
        state.last = nil
      }
      state.headersByID[id] = header
      state.idsByHeader[header] = id
    }
  }
}
