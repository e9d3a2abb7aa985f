import Foundation
import StoreCore

/// Where one app's Retention Messaging configuration lives, on SQLite or PostgreSQL.
///
/// Images, messages, defaults, the real-time URL and performance tests: the port the server,
/// the cancel flow and the screens use. Every limit is checked in the same transaction as the
/// write.
public protocol RetentionConfigurationStore: Sendable {
  /// The app (bundle ID and environment).
  var identity: SignedDataConfiguration { get }

  /// Whether the App Store has anything to show in the cancel flow: a real-time URL or a
  /// default message.
  func isConfigured() throws -> Bool

  /// Stores an image unless its identifier exists or the app has `limit` images already.
  func addImage(_ image: RetentionImageRecord, png: [UInt8], limit: Int, date: Date) throws
  /// Deletes an image unless a message uses it.
  func deleteImage(id: String) throws
  /// Every image of the app, in upload order.
  func images() throws -> [RetentionImageRecord]
  /// One image, if it exists.
  func image(id: String) throws -> RetentionImageRecord?

  /// Stores a message unless its identifier exists or the app has `limit` messages already.
  func addMessage(_ record: RetentionMessageRecord, limit: Int, date: Date) throws
  /// Deletes a message and the default configurations that name it.
  func deleteMessage(id: String) throws
  /// Every message of the app, in upload order.
  func messages() throws -> [RetentionMessageRecord]
  /// One message, if it exists.
  func message(id: String) throws -> RetentionMessageRecord?

  /// Sets the default message of `productID` in `locale`.
  func setDefault(productID: String, locale: String, messageID: String) throws
  /// The default message identifier of `productID` in `locale`, if configured.
  func defaultMessageID(productID: String, locale: String) throws -> String?
  /// Deletes the default message of `productID` in `locale`.
  func deleteDefault(productID: String, locale: String) throws

  /// Sets (or replaces) the Get Retention Message endpoint's URL.
  func setRealtimeURL(_ url: String) throws
  /// The configured URL, if any.
  func realtimeURL() throws -> String?
  /// Deletes the URL.
  func deleteRealtimeURL() throws

  /// Records a started performance test; `alreadyExists` while another one is pending.
  func startPerformanceTest(
    requestID: String, originalTransactionID: String, target: String, date: Date) throws
  /// The `requestId`s of the app's tests that have no result yet.
  func pendingPerformanceTests() throws -> [String]
  /// Stores a test's result.
  func finishPerformanceTest(requestID: String, resultJSON: String) throws
  /// A test of this app by its `requestId`.
  func performanceTest(requestID: String) throws -> RetentionPerformanceTest?
}

extension RetentionStore: RetentionConfigurationStore {}

/// What both backends decide the same way about stored retention rows.
public enum RetentionRows {
  /// The message stored as `text` (`UploadMessageRequestBody` JSON), nil when it does not read.
  public static func message(stored text: String) -> RetentionMessage? {
    guard let value = try? JSONParser.parse(Array(text.utf8)) else { return nil }
    return RetentionMessage(stored: value)
  }

  /// Whether any of the messages stored as `texts` shows image `id`.
  public static func uses(image id: String, messages texts: [String]) -> Bool {
    texts.contains { text in
      guard let message = message(stored: text) else { return false }
      return message.image?.imageIdentifier == id
        || message.bulletPoints.contains { $0.image.imageIdentifier == id }
    }
  }

  /// The refusal of an upload when the app holds `count` items, `sameID` of them with the new
  /// one's identifier, and may hold `limit`; nil when it may be stored.
  public static func uploadRefusal(count: Int64, sameID: Int64, limit: Int) -> RetentionRefusal? {
    if sameID > 0 { return .alreadyExists }
    if count >= Int64(limit) { return .limitReached }
    return nil
  }
}
