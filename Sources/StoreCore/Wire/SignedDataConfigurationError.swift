/// A bad `--bundle-id` or `--environment` value, as one sentence.
public struct SignedDataConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sentence naming the bad input.
  public var message: String

  /// The sentence.
  public var description: String { message }
}
