import StoreCore

/// A refusal as the App Store gave it: one of the engine's typed refusals, worded on screen in
/// the UI's language, or another error's own words.
public enum Refusal: Sendable, Equatable, ExpressibleByStringInterpolation {
  /// The engine refused; its fields are worded by ``RefusalText``.
  case engine(StoreEngineError)
  /// Any other failure, in its own words.
  case text(String)

  /// The refusal `error` is: typed when the engine threw it.
  public init(_ error: any Error) {
    self = (error as? StoreEngineError).map(Refusal.engine) ?? .text("\(error)")
  }

  /// Words given as they are.
  public init(stringLiteral value: String) { self = .text(value) }

  /// The refusal as a clause in `snapshot`'s language.
  func text(_ snapshot: StoreSnapshot) -> String {
    switch self {
    case .engine(let error): RefusalText.text(error, snapshot)
    case .text(let words): words
    }
  }
}
