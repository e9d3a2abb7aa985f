import Synchronization

/// Exclusive use of the process's one test environment, for test runners that run suites in
/// parallel (Swift Testing does): a suite that drives the store holds it for its whole run.
///
/// SPI (`@_spi(StoreTerm) import StoreKitTest`): Apple's StoreKitTest has no counterpart, because
/// Xcode runs StoreKit tests one at a time against the one environment.
@_spi(StoreTerm) public enum SKTestEnvironmentAccess {
  private static let lock = AsyncLock()

  /// Runs `body` while no other caller of `exclusively` runs.
  public static func exclusively<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    await lock.acquire()
    defer { lock.release() }
    return try await body()
  }
}

/// A first-come, first-served lock that suspends instead of blocking a thread.
private final class AsyncLock: Sendable {
  private let state = Mutex<(held: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let acquired = state.withLock { state in
        if state.held {
          state.waiters.append(continuation)
          return false
        }
        state.held = true
        return true
      }
      if acquired { continuation.resume() }
    }
  }

  func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiters.isEmpty else {
        state.held = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }
}
