import Foundation
import StoreCore

/// An uploaded retention image, without its bytes.
public struct RetentionImageRecord: Sendable, Equatable {
  /// The identifier (a lowercase UUID).
  public var id: String
  /// `FULL_SIZE` or `BULLET_POINT`.
  public var size: String
  /// `PENDING`, `APPROVED` or `REJECTED`.
  public var state: String
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a record.
  public init(id: String, size: String, state: String, width: Int, height: Int) {
    self.id = id
    self.size = size
    self.state = state
    self.width = width
    self.height = height
  }
}

/// An uploaded retention message.
public struct RetentionMessageRecord: Sendable, Equatable {
  /// The identifier (a lowercase UUID).
  public var id: String
  /// `PENDING`, `APPROVED` or `REJECTED`.
  public var state: String
  /// The message.
  public var message: RetentionMessage

  /// Creates a record.
  public init(id: String, state: String, message: RetentionMessage) {
    self.id = id
    self.state = state
    self.message = message
  }
}

/// A performance test as recorded: its target and, once it ran, its result (Apple's
/// `PerformanceTestResultResponse` JSON).
public struct RetentionPerformanceTest: Sendable, Equatable {
  /// The `requestId`.
  public var requestID: String
  /// The original transaction the test's requests name.
  public var originalTransactionID: String
  /// The URL tested.
  public var target: String
  /// When it started.
  public var started: Date
  /// The result JSON, nil while pending.
  public var resultJSON: String?

  /// Creates a test record.
  public init(
    requestID: String, originalTransactionID: String, target: String, started: Date,
    resultJSON: String?
  ) {
    self.requestID = requestID
    self.originalTransactionID = originalTransactionID
    self.target = target
    self.started = started
    self.resultJSON = resultJSON
  }
}

/// Why a retention write was refused; the API maps each to Apple's error.
public enum RetentionRefusal: Error, Sendable, Equatable {
  /// The identifier exists already (409).
  case alreadyExists
  /// The app reached the most images or messages it may have (403).
  case limitReached
  /// The identifier is not there (404).
  case notFound
  /// The image is part of a message (403, `ImageInUseError`).
  case inUse
}
