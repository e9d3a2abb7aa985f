import Foundation
import StoreCore
import StorePersistence

/// Due notifications one `storeterm serve` holds while it posts them: one `READ COMMITTED`
/// transaction on a connection of its own that selects the due outbox rows `FOR UPDATE SKIP
/// LOCKED`, records each attempt and commits.
///
/// It does not take the writers' advisory lock, so it waits neither on purchases nor on another
/// `serve`, which skips the rows held. A row another claim committed after this claim's
/// statement began is locked without a wait (nothing of it changed), but its delivery is then
/// recorded: so the claimed rows are read again in a second statement, which sees every
/// commit before it, and only what is still due is posted. A `serve` killed mid-post is rolled
/// back by the server and the rows are claimed again: once without a crash, at least once
/// across one, as Apple's own retries are.
final class PostgresDeliveryClaim: DeliveryClaim {
  let due: [DueDelivery]
  private let session: PostgresClaimSession
  private let connection: PostgresConnection
  private var ended = false

  /// Begins the claim on `session`'s connection and selects what is due.
  init(
    session: PostgresClaimSession, url: String, bundleID: String,
    environment: AppStoreEnvironment, now: Date, limit: Int
  ) throws {
    let connection = try session.begin()
    do {
      let app: [PostgresValue] = [
        .text(url), .text(environment.rawValue), .text(bundleID), .integer(now.epochMilliseconds),
      ]
      let held = try connection.execute(
        """
        SELECT o.seq FROM outbox o
          JOIN notification_endpoints e ON e.url = $1
          LEFT JOIN notification_deliveries d ON d.outbox_seq = o.seq AND d.url = e.url
        WHERE o.seq > e.since_seq AND o.environment = $2 AND o.bundle_id = $3
          AND (d.outbox_seq IS NULL OR (d.delivered_ms IS NULL AND d.next_attempt_ms <= $4))
        ORDER BY o.seq LIMIT $5
        FOR UPDATE OF o SKIP LOCKED
        """, app + [.integer(Int64(limit))]
      ).map { try $0.int64("seq") }
      // An array of our own integers, bound as one value.
      let list = "{" + held.map(String.init).joined(separator: ",") + "}"
      due =
        held.isEmpty
        ? []
        : try connection.execute(
          """
          SELECT o.seq, o.signed_payload, coalesce(d.attempts, 0) AS attempts, o.signed_ms
          FROM outbox o
            JOIN notification_endpoints e ON e.url = $1
            LEFT JOIN notification_deliveries d ON d.outbox_seq = o.seq AND d.url = e.url
          WHERE o.seq = ANY ($5::bigint[]) AND o.environment = $2 AND o.bundle_id = $3
            AND (d.outbox_seq IS NULL OR (d.delivered_ms IS NULL AND d.next_attempt_ms <= $4))
          ORDER BY o.seq
          """, app + [.text(list)]
        ).map { row in
          DueDelivery(
            sequence: try row.int64("seq"), url: url,
            signedPayload: try row.string("signed_payload"),
            attempts: Int(try row.int64("attempts")),
            signedDate: Date(epochMilliseconds: try row.int64("signed_ms")))
        }
    } catch {
      session.abandon(connection)
      throw error
    }
    self.session = session
    self.connection = connection
  }

  deinit { if !ended { session.abandon(connection) } }

  /// Records an attempt inside the claim's transaction.
  func record(_ attempt: SendAttempt, sequence: Int64, delivered: Bool, nextAttempt: Date?)
    throws
  {
    let status = PostgresValue(attempt.httpStatus.map { Int64($0) })
    try connection.execute(
      """
      INSERT INTO notification_attempts (outbox_seq, url, attempt_ms, result, http_status)
      VALUES ($1, $2, $3, $4, $5)
      """,
      [
        .integer(sequence), .text(attempt.url), .integer(attempt.date.epochMilliseconds),
        .text(attempt.result), status,
      ])
    try connection.execute(
      """
      INSERT INTO notification_deliveries (outbox_seq, url, attempts, next_attempt_ms,
        delivered_ms, last_status, last_result)
      VALUES ($1, $2, 1, $3, $4, $5, $6)
      ON CONFLICT (outbox_seq, url) DO UPDATE SET
        attempts = notification_deliveries.attempts + 1,
        next_attempt_ms = excluded.next_attempt_ms, delivered_ms = excluded.delivered_ms,
        last_status = excluded.last_status, last_result = excluded.last_result
      """,
      [
        .integer(sequence), .text(attempt.url),
        PostgresValue(delivered ? nil : nextAttempt?.epochMilliseconds),
        PostgresValue(delivered ? attempt.date.epochMilliseconds : nil), status,
        .text(attempt.result),
      ])
  }

  /// Commits the recorded attempts (every listening seat hears of it) and lets the rows go.
  func commit() throws {
    guard !ended else { return }
    ended = true
    try session.end(connection, commit: true)
  }

  /// Rolls back and lets the rows go.
  func release() {
    guard !ended else { return }
    ended = true
    session.abandon(connection)
  }
}

/// The one connection a `serve`'s claims run on, one claim at a time, apart from the
/// connection its API answers on (a claim keeps its transaction open while it posts).
final class PostgresClaimSession: @unchecked Sendable {
  let connectionString: String
  private let lock = NSLock()
  private var connection: PostgresConnection?
  private var busy = false

  init(connectionString: String) { self.connectionString = connectionString }

  /// The connection, in a fresh `READ COMMITTED` transaction (reconnecting once when the
  /// server went away while it sat idle: nothing of this transaction existed yet).
  func begin() throws -> PostgresConnection {
    lock.lock()
    defer { lock.unlock() }
    guard !busy else {
      throw PostgresError(.statement, "a delivery claim was begun while another one was open")
    }
    var current = try connected()
    do {
      try current.run(script: Self.begin)
    } catch let error as PostgresError where error.kind == .connectionLost {
      connection = nil
      current = try connected()
      try current.run(script: Self.begin)
    }
    busy = true
    return current
  }

  private static let begin = "BEGIN ISOLATION LEVEL READ COMMITTED"

  private func connected() throws -> PostgresConnection {
    if let connection, !connection.isBroken { return connection }
    connection = nil
    let fresh = try PostgresConnection(connectionString)
    connection = fresh
    return fresh
  }

  /// Ends the transaction begun by ``begin()``: commits (with the notification every listening
  /// seat hears), or rolls back.
  func end(_ connection: PostgresConnection, commit: Bool) throws {
    defer {
      lock.lock()
      busy = false
      lock.unlock()
    }
    if commit {
      do {
        try connection.run(script: PostgresDatabase.commitWrite)
      } catch {
        if !connection.isBroken { try? connection.run(script: "ROLLBACK") }
        throw error
      }
    } else if !connection.isBroken {
      try? connection.run(script: "ROLLBACK")
    }
  }

  /// Rolls back, for callers that cannot throw.
  func abandon(_ connection: PostgresConnection) {
    try? end(connection, commit: false)
  }
}
