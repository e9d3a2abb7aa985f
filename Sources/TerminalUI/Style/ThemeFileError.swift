/// Why a theme file was refused: one sentence naming the file and the key at fault.
public struct ThemeFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The sentence shown to the user.
  public let message: String

  /// Creates an error with its full sentence.
  public init(_ message: String) { self.message = message }

  /// The sentence shown to the user.
  public var description: String { message }
}
