/// A step of the purchase path where tests stop the program, to prove a crash loses nothing.
///
/// The steps follow one purchase in order: the App Store signs the transaction, commits it,
/// the app stores the grant (``insideGrant`` runs inside that SQLite transaction, before its
/// commit), the grant is committed, and the app calls `finish()`.
public enum FaultPoint: String, Sendable, Hashable, CaseIterable {
  /// The App Store signed the transaction but has not committed it (fired by the signer).
  case afterSigning
  /// The App Store committed the transaction; the app has not verified or stored it yet.
  case afterCommit
  /// Inside the grant's SQLite transaction, before its commit; throwing here rolls it back.
  case insideGrant
  /// The grant is committed; nothing else has happened.
  case afterGrant
  /// The app is about to call `finish()`.
  case beforeFinish
}

/// A test-only hook called at each ``FaultPoint``: it may kill the process or throw.
///
/// A throw stops the path at that point as a crash would, except that the process lives on:
/// the transaction stays unfinished, and a throw at ``FaultPoint/insideGrant`` rolls the grant
/// back, which is how tests simulate a storage failure.
public struct FaultHook: Sendable {
  private let body: @Sendable (FaultPoint) throws -> Void

  /// A hook running `body` at every point.
  public init(_ body: @escaping @Sendable (FaultPoint) throws -> Void) {
    self.body = body
  }

  /// Runs the hook for `point`.
  public func fire(_ point: FaultPoint) throws {
    try body(point)
  }

  /// A hook that throws ``InjectedFault`` at `point` and does nothing elsewhere.
  public static func failing(at point: FaultPoint) -> FaultHook {
    FaultHook { current in
      if current == point { throw InjectedFault(point: point) }
    }
  }
}

/// The error a ``FaultHook`` throws on purpose.
public struct InjectedFault: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where it was thrown.
  public let point: FaultPoint

  /// Creates the fault for `point`.
  public init(point: FaultPoint) {
    self.point = point
  }

  /// One sentence naming the point.
  public var description: String { "a test fault was injected at \(point.rawValue)" }
}
