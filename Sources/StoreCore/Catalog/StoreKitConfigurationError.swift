/// Why a `.storekit` file could not be loaded: one sentence naming the file and the JSON path.
public struct StoreKitConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file as the user named it, such as `Demo.storekit`.
  public var file: String
  /// What is wrong, usually `<json path>: <reason>`.
  public var message: String

  /// Creates an error.
  public init(file: String, message: String) {
    self.file = file
    self.message = message
  }

  /// `<file>: <message>`.
  public var description: String { "\(file): \(message)" }
}
