// Swift Testing runs suites in parallel, and every SKTestSession controls the process's one test
// environment, so each suite that drives the store holds it for its whole run.

@_spi(StoreTerm) import StoreKitTest
import Testing

/// Holds the process's one StoreKit test environment while the suite runs.
struct SharedTestEnvironment: SuiteTrait, TestScoping {
  /// Applied once around the whole suite, not around each test.
  var isRecursive: Bool { false }

  /// Runs the suite while no other suite uses the test environment.
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await SKTestEnvironmentAccess.exclusively { try await function() }
  }
}

extension Trait where Self == SharedTestEnvironment {
  /// Holds the process's one StoreKit test environment while the suite runs.
  static var sharedTestEnvironment: Self { Self() }
}
