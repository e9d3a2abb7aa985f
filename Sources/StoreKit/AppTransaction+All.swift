import Foundation

extension AppTransaction {
  /// Every app transaction of the account (iOS 27): storeterm simulates one app, so the
  /// sequence yields the kept app transaction once, or nothing when it cannot be read.
  public static var all: AppTransaction.AppTransactions { AppTransactions() }

  /// The app transactions of the account, as an asynchronous sequence.
  public struct AppTransactions: AsyncSequence, Sendable {
    /// Each app transaction, verified.
    public typealias Element = VerificationResult<AppTransaction>

    /// Makes an iterator over the app transactions.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }

    /// Yields the app transaction once.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var done = false

      /// The app transaction the first time, nil afterwards.
      public mutating func next() async -> VerificationResult<AppTransaction>? {
        guard !done else { return nil }
        done = true
        return try? await AppTransaction.shared
      }
    }
  }
}
