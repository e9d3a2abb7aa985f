import Foundation

/// Information about an error that the testing environment returns: StoreKitTest's `SKTestError`.
public struct SKTestError: CustomNSError, Hashable, Sendable, CustomStringConvertible {
  /// The domain of the error.
  public static let errorDomain = "SKTestErrorDomain"

  /// Error codes in the testing environment.
  public enum Code: Int, Hashable, Sendable {
    /// The initializer can't find the file.
    case fileNotFound = 0
    /// The action is invalid.
    case invalidAction = 1
    /// The product identifier is invalid.
    case invalidProductIdentifier = 2
    /// The product type is invalid.
    case invalidProductType = 3
    /// The URL is invalid.
    case invalidURL = 4
    /// The test environment didn't find a subscription.
    case noSubscriptionFound = 5
    /// The test environment didn't find a transaction.
    case noTransactionFound = 6
    /// The test environment's service is unavailable.
    case serviceUnavailable = 7
  }

  /// The initializer can't find the file.
  public static let fileNotFound = Code.fileNotFound
  /// The action is invalid.
  public static let invalidAction = Code.invalidAction
  /// The product identifier is invalid.
  public static let invalidProductIdentifier = Code.invalidProductIdentifier
  /// The product type is invalid.
  public static let invalidProductType = Code.invalidProductType
  /// The URL is invalid.
  public static let invalidURL = Code.invalidURL
  /// The test environment didn't find a subscription.
  public static let noSubscriptionFound = Code.noSubscriptionFound
  /// The test environment didn't find a transaction.
  public static let noTransactionFound = Code.noTransactionFound
  /// The test environment's service is unavailable.
  public static let serviceUnavailable = Code.serviceUnavailable

  /// The error code.
  public let code: Code
  /// One sentence naming the input that failed.
  let message: String

  /// Creates an error with `code`.
  public init(_ code: Code) {
    self.init(code, "SKTestError.\(code)")
  }

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The error code as an integer.
  public var errorCode: Int { code.rawValue }

  /// The user info, with the message as the localized description.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }

  /// The message.
  public var description: String { message }

  /// Errors are equal when their codes are.
  public static func == (lhs: SKTestError, rhs: SKTestError) -> Bool { lhs.code == rhs.code }

  /// Hashes the code.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
