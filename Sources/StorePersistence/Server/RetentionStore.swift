import Foundation
import StoreCore

/// The Retention Messaging API's configuration for one app (bundle ID and environment), in the
/// ledger's database; every limit is checked in the same transaction as the write.
public struct RetentionStore: Sendable {
  /// The ledger's database.
  public let queue: DatabaseQueue
  /// The app.
  public let identity: SignedDataConfiguration

  /// Works on `ledger`'s database for `identity`'s app.
  public init(ledger: SQLiteLedger, identity: SignedDataConfiguration) {
    queue = ledger.queue
    self.identity = identity
  }

  private var app: [SQLiteValue] {
    [.text(identity.bundleId), .text(identity.environment.rawValue)]
  }

  /// Whether the App Store has anything to show this app's customers in the cancel flow: a
  /// real-time URL or a default message.
  public func isConfigured() throws -> Bool {
    try queue.read { db in
      try db.fetchOne(
        """
        SELECT EXISTS (SELECT 1 FROM retention_realtime_urls WHERE bundle_id = ?1 AND environment = ?2)
          OR EXISTS (SELECT 1 FROM retention_defaults WHERE bundle_id = ?1 AND environment = ?2)
        """, app
      )?.get(Int64.self, at: 0) == 1
    }
  }

  // MARK: - Images

  /// Stores an image unless its identifier exists or the app has `limit` images already.
  public func addImage(_ image: RetentionImageRecord, png: [UInt8], limit: Int, date: Date)
    throws
  {
    try queue.write { db in
      let count = try db.fetchOne(
        "SELECT count(*), sum(image_id = ?) FROM retention_images WHERE bundle_id = ? AND environment = ?",
        [.text(image.id)] + app)
      if let refusal = RetentionRows.uploadRefusal(
        count: try count?.get(Int64.self, at: 0) ?? 0,
        sameID: try count?.get(Int64?.self, at: 1) ?? 0, limit: limit)
      {
        throw refusal
      }
      try db.execute(
        """
        INSERT INTO retention_images (bundle_id, environment, image_id, image_size, state, width,
          height, png, uploaded_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        app + [
          .text(image.id), .text(image.size), .text(image.state), .integer(Int64(image.width)),
          .integer(Int64(image.height)), .blob(Data(png)), .integer(date.epochMilliseconds),
        ])
    }
  }

  /// Deletes an image unless a message uses it.
  public func deleteImage(id: String) throws {
    try queue.write { db in
      guard
        try db.fetchOne(
          "SELECT 1 FROM retention_images WHERE bundle_id = ? AND environment = ? AND image_id = ?",
          app + [.text(id)]) != nil
      else { throw RetentionRefusal.notFound }
      let messages = try db.fetchAll(
        "SELECT body_json FROM retention_messages WHERE bundle_id = ? AND environment = ?", app)
      let texts = try messages.map { try $0.get(String.self, at: 0) }
      if RetentionRows.uses(image: id, messages: texts) { throw RetentionRefusal.inUse }
      try db.execute(
        "DELETE FROM retention_images WHERE bundle_id = ? AND environment = ? AND image_id = ?",
        app + [.text(id)])
    }
  }

  /// Every image of the app, in upload order.
  public func images() throws -> [RetentionImageRecord] {
    try queue.read { db in
      try db.fetchAll(
        """
        SELECT image_id, image_size, state, width, height FROM retention_images
        WHERE bundle_id = ? AND environment = ? ORDER BY uploaded_ms, image_id
        """, app
      ).map { row in
        RetentionImageRecord(
          id: try row.get(String.self, at: 0), size: try row.get(String.self, at: 1),
          state: try row.get(String.self, at: 2), width: Int(try row.get(Int64.self, at: 3)),
          height: Int(try row.get(Int64.self, at: 4)))
      }
    }
  }

  /// One image, if it exists (read by its key).
  public func image(id: String) throws -> RetentionImageRecord? {
    try queue.read { db in
      try db.fetchOne(
        """
        SELECT image_size, state, width, height FROM retention_images
        WHERE bundle_id = ? AND environment = ? AND image_id = ?
        """, app + [.text(id)]
      ).map { row in
        RetentionImageRecord(
          id: id, size: try row.get(String.self, at: 0), state: try row.get(String.self, at: 1),
          width: Int(try row.get(Int64.self, at: 2)), height: Int(try row.get(Int64.self, at: 3)))
      }
    }
  }

  // MARK: - Messages

  /// Stores a message unless its identifier exists or the app has `limit` messages already.
  public func addMessage(_ record: RetentionMessageRecord, limit: Int, date: Date) throws {
    try queue.write { db in
      let count = try db.fetchOne(
        """
        SELECT count(*), sum(message_id = ?) FROM retention_messages
        WHERE bundle_id = ? AND environment = ?
        """, [.text(record.id)] + app)
      if let refusal = RetentionRows.uploadRefusal(
        count: try count?.get(Int64.self, at: 0) ?? 0,
        sameID: try count?.get(Int64?.self, at: 1) ?? 0, limit: limit)
      {
        throw refusal
      }
      try db.execute(
        """
        INSERT INTO retention_messages (bundle_id, environment, message_id, state, body_json,
          uploaded_ms) VALUES (?, ?, ?, ?, ?, ?)
        """,
        app + [
          .text(record.id), .text(record.state), .text(record.message.jsonValue.compactText),
          .integer(date.epochMilliseconds),
        ])
    }
  }

  /// Deletes a message (and the default configurations that name it, which cannot outlive it).
  public func deleteMessage(id: String) throws {
    try queue.write { db in
      try db.execute(
        "DELETE FROM retention_messages WHERE bundle_id = ? AND environment = ? AND message_id = ?",
        app + [.text(id)])
      guard try db.fetchOne("SELECT changes()")?.get(Int64.self, at: 0) == 1 else {
        throw RetentionRefusal.notFound
      }
      try db.execute(
        "DELETE FROM retention_defaults WHERE bundle_id = ? AND environment = ? AND message_id = ?",
        app + [.text(id)])
    }
  }

  /// Every message of the app, in upload order.
  public func messages() throws -> [RetentionMessageRecord] {
    try queue.read { db in
      try db.fetchAll(
        """
        SELECT message_id, state, body_json FROM retention_messages
        WHERE bundle_id = ? AND environment = ? ORDER BY uploaded_ms, message_id
        """, app
      ).compactMap { row in
        guard let message = RetentionRows.message(stored: try row.get(String.self, at: 2))
        else { return nil }
        return RetentionMessageRecord(
          id: try row.get(String.self, at: 0), state: try row.get(String.self, at: 1),
          message: message)
      }
    }
  }

  /// One message, if it exists (read by its key).
  public func message(id: String) throws -> RetentionMessageRecord? {
    try queue.read { db in
      try db.fetchOne(
        """
        SELECT state, body_json FROM retention_messages
        WHERE bundle_id = ? AND environment = ? AND message_id = ?
        """, app + [.text(id)]
      ).flatMap { row in
        guard let message = RetentionRows.message(stored: try row.get(String.self, at: 1))
        else { return nil }
        return RetentionMessageRecord(
          id: id, state: try row.get(String.self, at: 0), message: message)
      }
    }
  }

  // MARK: - Default messages

  /// Sets the default message of `productID` in `locale`.
  public func setDefault(productID: String, locale: String, messageID: String) throws {
    try queue.write { db in
      try db.execute(
        """
        INSERT INTO retention_defaults (bundle_id, environment, product_id, locale, message_id)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (bundle_id, environment, product_id, locale)
        DO UPDATE SET message_id = excluded.message_id
        """, app + [.text(productID), .text(locale), .text(messageID)])
    }
  }

  /// The default message identifier of `productID` in `locale`, if configured.
  public func defaultMessageID(productID: String, locale: String) throws -> String? {
    try queue.read { db in
      try db.fetchOne(
        """
        SELECT message_id FROM retention_defaults
        WHERE bundle_id = ? AND environment = ? AND product_id = ? AND locale = ?
        """, app + [.text(productID), .text(locale)]
      ).map { try $0.get(String.self, at: 0) }
    }
  }

  /// Deletes the default message of `productID` in `locale`.
  public func deleteDefault(productID: String, locale: String) throws {
    try queue.write { db in
      try db.execute(
        """
        DELETE FROM retention_defaults
        WHERE bundle_id = ? AND environment = ? AND product_id = ? AND locale = ?
        """, app + [.text(productID), .text(locale)])
      guard try db.fetchOne("SELECT changes()")?.get(Int64.self, at: 0) == 1 else {
        throw RetentionRefusal.notFound
      }
    }
  }

  // MARK: - Real-time URL

  /// Sets (or replaces) the Get Retention Message endpoint's URL.
  public func setRealtimeURL(_ url: String) throws {
    try queue.write { db in
      try db.execute(
        """
        INSERT INTO retention_realtime_urls (bundle_id, environment, url) VALUES (?, ?, ?)
        ON CONFLICT (bundle_id, environment) DO UPDATE SET url = excluded.url
        """, app + [.text(url)])
    }
  }

  /// The configured URL, if any.
  public func realtimeURL() throws -> String? {
    try queue.read { db in
      try db.fetchOne(
        "SELECT url FROM retention_realtime_urls WHERE bundle_id = ? AND environment = ?", app
      ).map { try $0.get(String.self, at: 0) }
    }
  }

  /// Deletes the URL.
  public func deleteRealtimeURL() throws {
    try queue.write { db in
      try db.execute(
        "DELETE FROM retention_realtime_urls WHERE bundle_id = ? AND environment = ?", app)
      guard try db.fetchOne("SELECT changes()")?.get(Int64.self, at: 0) == 1 else {
        throw RetentionRefusal.notFound
      }
    }
  }

  // MARK: - Performance tests

  /// Records a started performance test; refused (`alreadyExists`) while another one of the
  /// app is pending.
  public func startPerformanceTest(
    requestID: String, originalTransactionID: String, target: String, date: Date
  ) throws {
    try queue.write { db in
      let pending = try db.fetchOne(
        """
        SELECT 1 FROM retention_performance_tests
        WHERE bundle_id = ? AND environment = ? AND result_json IS NULL
        """, app)
      if pending != nil { throw RetentionRefusal.alreadyExists }
      try db.execute(
        """
        INSERT INTO retention_performance_tests (request_id, bundle_id, environment,
          original_transaction_id, target, started_ms) VALUES (?, ?, ?, ?, ?, ?)
        """,
        [.text(requestID)] + app + [
          .text(originalTransactionID), .text(target), .integer(date.epochMilliseconds),
        ])
    }
  }

  /// The `requestId`s of the app's tests that have no result yet.
  public func pendingPerformanceTests() throws -> [String] {
    try queue.read { db in
      try db.fetchAll(
        """
        SELECT request_id FROM retention_performance_tests
        WHERE bundle_id = ? AND environment = ? AND result_json IS NULL
        """, app
      ).map { try $0.get(String.self, at: 0) }
    }
  }

  /// Stores a test's result.
  public func finishPerformanceTest(requestID: String, resultJSON: String) throws {
    try queue.write { db in
      try db.execute(
        "UPDATE retention_performance_tests SET result_json = ? WHERE request_id = ?",
        [.text(resultJSON), .text(requestID)])
    }
  }

  /// A test of this app by its `requestId`.
  public func performanceTest(requestID: String) throws -> RetentionPerformanceTest? {
    try queue.read { db in
      try db.fetchOne(
        """
        SELECT original_transaction_id, target, started_ms, result_json
        FROM retention_performance_tests
        WHERE request_id = ? AND bundle_id = ? AND environment = ?
        """, [.text(requestID)] + app
      ).map { row in
        RetentionPerformanceTest(
          requestID: requestID, originalTransactionID: try row.get(String.self, at: 0),
          target: try row.get(String.self, at: 1),
          started: Date(epochMilliseconds: try row.get(Int64.self, at: 2)),
          resultJSON: try row.get(String?.self, at: 3))
      }
    }
  }
}
