import Foundation
import StoreCore
import StorePersistence

/// One app's Retention Messaging configuration in the PostgreSQL ledger.
///
/// SQLite's `RetentionStore` behind the same port. Each write checks its limits under the
/// writers' lock, so two servers uploading at once cannot pass a limit together.
public struct PostgresRetentionStore: RetentionConfigurationStore {
  /// The ledger's database.
  public let database: PostgresDatabase
  /// The app.
  public let identity: SignedDataConfiguration

  /// Works on `ledger`'s database for `identity`'s app.
  public init(ledger: PostgresLedger, identity: SignedDataConfiguration) {
    database = ledger.database
    self.identity = identity
  }

  private var app: [PostgresValue] {
    [.text(identity.bundleId), .text(identity.environment.rawValue)]
  }

  /// Whether there is a real-time URL or a default message.
  public func isConfigured() throws -> Bool {
    try database.read { db in
      try db.fetchOne(
        """
        SELECT (EXISTS (SELECT 1 FROM retention_realtime_urls
            WHERE bundle_id = $1 AND environment = $2)
          OR EXISTS (SELECT 1 FROM retention_defaults WHERE bundle_id = $1 AND environment = $2))
          AS configured
        """, app)?.text("configured") == "t"
    }
  }

  // MARK: - Images

  /// Stores an image unless its identifier exists or the app has `limit` images already.
  public func addImage(_ image: RetentionImageRecord, png: [UInt8], limit: Int, date: Date)
    throws
  {
    try database.write { db in
      let count = try db.fetchOne(
        """
        SELECT count(*) AS total, count(*) FILTER (WHERE image_id = $3) AS same
        FROM retention_images WHERE bundle_id = $1 AND environment = $2
        """, app + [.text(image.id)])
      if let refusal = RetentionRows.uploadRefusal(
        count: try count?.integer("total") ?? 0, sameID: try count?.integer("same") ?? 0,
        limit: limit)
      {
        throw refusal
      }
      try db.execute(
        """
        INSERT INTO retention_images (bundle_id, environment, image_id, image_size, state, width,
          height, png, uploaded_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
        """,
        app + [
          .text(image.id), .text(image.size), .text(image.state), .integer(Int64(image.width)),
          .integer(Int64(image.height)), .bytes(png), .integer(date.epochMilliseconds),
        ])
    }
  }

  /// Deletes an image unless a message uses it.
  public func deleteImage(id: String) throws {
    try database.write { db in
      guard
        try db.fetchOne(
          "SELECT 1 AS found FROM retention_images"
            + " WHERE bundle_id = $1 AND environment = $2 AND image_id = $3",
          app + [.text(id)]) != nil
      else { throw RetentionRefusal.notFound }
      let texts = try db.execute(
        "SELECT body_json FROM retention_messages WHERE bundle_id = $1 AND environment = $2", app
      ).map { try $0.string("body_json") }
      if RetentionRows.uses(image: id, messages: texts) { throw RetentionRefusal.inUse }
      try db.execute(
        "DELETE FROM retention_images WHERE bundle_id = $1 AND environment = $2 AND image_id = $3",
        app + [.text(id)])
    }
  }

  /// Every image of the app, in upload order.
  public func images() throws -> [RetentionImageRecord] {
    try database.read { db in
      try db.execute(
        """
        SELECT image_id, image_size, state, width, height FROM retention_images
        WHERE bundle_id = $1 AND environment = $2 ORDER BY uploaded_ms, image_id
        """, app
      ).map { row in try Self.image(row, id: try row.string("image_id")) }
    }
  }

  /// One image, if it exists.
  public func image(id: String) throws -> RetentionImageRecord? {
    try database.read { db in
      try db.fetchOne(
        """
        SELECT image_size, state, width, height FROM retention_images
        WHERE bundle_id = $1 AND environment = $2 AND image_id = $3
        """, app + [.text(id)]
      ).map { try Self.image($0, id: id) }
    }
  }

  private static func image(_ row: PostgresRow, id: String) throws -> RetentionImageRecord {
    RetentionImageRecord(
      id: id, size: try row.string("image_size"), state: try row.string("state"),
      width: Int(try row.int64("width")), height: Int(try row.int64("height")))
  }

  // MARK: - Messages

  /// Stores a message unless its identifier exists or the app has `limit` messages already.
  public func addMessage(_ record: RetentionMessageRecord, limit: Int, date: Date) throws {
    try database.write { db in
      let count = try db.fetchOne(
        """
        SELECT count(*) AS total, count(*) FILTER (WHERE message_id = $3) AS same
        FROM retention_messages WHERE bundle_id = $1 AND environment = $2
        """, app + [.text(record.id)])
      if let refusal = RetentionRows.uploadRefusal(
        count: try count?.integer("total") ?? 0, sameID: try count?.integer("same") ?? 0,
        limit: limit)
      {
        throw refusal
      }
      try db.execute(
        """
        INSERT INTO retention_messages (bundle_id, environment, message_id, state, body_json,
          uploaded_ms) VALUES ($1, $2, $3, $4, $5, $6)
        """,
        app + [
          .text(record.id), .text(record.state), .text(record.message.jsonValue.compactText),
          .integer(date.epochMilliseconds),
        ])
    }
  }

  /// Deletes a message and the default configurations that name it.
  public func deleteMessage(id: String) throws {
    try database.write { db in
      let deleted = try db.execute(
        "DELETE FROM retention_messages WHERE bundle_id = $1 AND environment = $2"
          + " AND message_id = $3 RETURNING message_id", app + [.text(id)])
      guard deleted.count == 1 else { throw RetentionRefusal.notFound }
      try db.execute(
        "DELETE FROM retention_defaults WHERE bundle_id = $1 AND environment = $2"
          + " AND message_id = $3", app + [.text(id)])
    }
  }

  /// Every message of the app, in upload order.
  public func messages() throws -> [RetentionMessageRecord] {
    try database.read { db in
      try db.execute(
        """
        SELECT message_id, state, body_json FROM retention_messages
        WHERE bundle_id = $1 AND environment = $2 ORDER BY uploaded_ms, message_id
        """, app
      ).compactMap { row in
        guard let message = RetentionRows.message(stored: try row.string("body_json"))
        else { return nil }
        return RetentionMessageRecord(
          id: try row.string("message_id"), state: try row.string("state"), message: message)
      }
    }
  }

  /// One message, if it exists.
  public func message(id: String) throws -> RetentionMessageRecord? {
    try database.read { db in
      try db.fetchOne(
        """
        SELECT state, body_json FROM retention_messages
        WHERE bundle_id = $1 AND environment = $2 AND message_id = $3
        """, app + [.text(id)]
      ).flatMap { row in
        guard let message = RetentionRows.message(stored: try row.string("body_json"))
        else { return nil }
        return RetentionMessageRecord(id: id, state: try row.string("state"), message: message)
      }
    }
  }

  // MARK: - Default messages

  /// Sets the default message of `productID` in `locale`.
  public func setDefault(productID: String, locale: String, messageID: String) throws {
    try database.write { db in
      try db.execute(
        """
        INSERT INTO retention_defaults (bundle_id, environment, product_id, locale, message_id)
        VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (bundle_id, environment, product_id, locale)
        DO UPDATE SET message_id = excluded.message_id
        """, app + [.text(productID), .text(locale), .text(messageID)])
    }
  }

  /// The default message identifier of `productID` in `locale`, if configured.
  public func defaultMessageID(productID: String, locale: String) throws -> String? {
    try database.read { db in
      try db.fetchOne(
        """
        SELECT message_id FROM retention_defaults
        WHERE bundle_id = $1 AND environment = $2 AND product_id = $3 AND locale = $4
        """, app + [.text(productID), .text(locale)]
      ).map { try $0.string("message_id") }
    }
  }

  /// Deletes the default message of `productID` in `locale`.
  public func deleteDefault(productID: String, locale: String) throws {
    try database.write { db in
      let deleted = try db.execute(
        """
        DELETE FROM retention_defaults
        WHERE bundle_id = $1 AND environment = $2 AND product_id = $3 AND locale = $4
        RETURNING message_id
        """, app + [.text(productID), .text(locale)])
      guard deleted.count == 1 else { throw RetentionRefusal.notFound }
    }
  }

  // MARK: - Real-time URL

  /// Sets (or replaces) the Get Retention Message endpoint's URL.
  public func setRealtimeURL(_ url: String) throws {
    try database.write { db in
      try db.execute(
        """
        INSERT INTO retention_realtime_urls (bundle_id, environment, url) VALUES ($1, $2, $3)
        ON CONFLICT (bundle_id, environment) DO UPDATE SET url = excluded.url
        """, app + [.text(url)])
    }
  }

  /// The configured URL, if any.
  public func realtimeURL() throws -> String? {
    try database.read { db in
      try db.fetchOne(
        "SELECT url FROM retention_realtime_urls WHERE bundle_id = $1 AND environment = $2", app
      ).map { try $0.string("url") }
    }
  }

  /// Deletes the URL.
  public func deleteRealtimeURL() throws {
    try database.write { db in
      let deleted = try db.execute(
        "DELETE FROM retention_realtime_urls WHERE bundle_id = $1 AND environment = $2"
          + " RETURNING url", app)
      guard deleted.count == 1 else { throw RetentionRefusal.notFound }
    }
  }

  // MARK: - Performance tests

  /// Records a started performance test; `alreadyExists` while another one is pending.
  public func startPerformanceTest(
    requestID: String, originalTransactionID: String, target: String, date: Date
  ) throws {
    try database.write { db in
      let pending = try db.fetchOne(
        """
        SELECT 1 AS found FROM retention_performance_tests
        WHERE bundle_id = $1 AND environment = $2 AND result_json IS NULL
        """, app)
      if pending != nil { throw RetentionRefusal.alreadyExists }
      try db.execute(
        """
        INSERT INTO retention_performance_tests (request_id, bundle_id, environment,
          original_transaction_id, target, started_ms) VALUES ($1, $2, $3, $4, $5, $6)
        """,
        [.text(requestID)] + app + [
          .text(originalTransactionID), .text(target), .integer(date.epochMilliseconds),
        ])
    }
  }

  /// The `requestId`s of the app's tests that have no result yet.
  public func pendingPerformanceTests() throws -> [String] {
    try database.read { db in
      try db.execute(
        """
        SELECT request_id FROM retention_performance_tests
        WHERE bundle_id = $1 AND environment = $2 AND result_json IS NULL ORDER BY request_id
        """, app
      ).map { try $0.string("request_id") }
    }
  }

  /// Stores a test's result.
  public func finishPerformanceTest(requestID: String, resultJSON: String) throws {
    try database.write { db in
      try db.execute(
        "UPDATE retention_performance_tests SET result_json = $1 WHERE request_id = $2",
        [.text(resultJSON), .text(requestID)])
    }
  }

  /// A test of this app by its `requestId`.
  public func performanceTest(requestID: String) throws -> RetentionPerformanceTest? {
    try database.read { db in
      try db.fetchOne(
        """
        SELECT original_transaction_id, target, started_ms, result_json
        FROM retention_performance_tests
        WHERE request_id = $1 AND bundle_id = $2 AND environment = $3
        """, [.text(requestID)] + app
      ).map { row in
        RetentionPerformanceTest(
          requestID: requestID, originalTransactionID: try row.string("original_transaction_id"),
          target: try row.string("target"),
          started: Date(epochMilliseconds: try row.int64("started_ms")),
          resultJSON: try row.text("result_json"))
      }
    }
  }
}
