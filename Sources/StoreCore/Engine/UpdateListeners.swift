import Foundation
import Synchronization

/// The live `Transaction.updates` streams of a process, each for one customer.
final class UpdateListeners: Sendable {
  private struct State {
    var streams:
      [Int: (customerID: String, continuation: AsyncStream<SignedTransaction>.Continuation)] =
        [:]
    var nextKey = 0
    var hasDeliveredUnfinished = false
  }

  private let state = Mutex(State())

  /// A new stream for `customerID`; the first stream of the process starts with `unfinished()`.
  func subscribe(
    customerID: String, unfinished: () -> [SignedTransaction]
  ) -> AsyncStream<SignedTransaction> {
    let (stream, continuation) = AsyncStream<SignedTransaction>.makeStream()
    let (key, isFirst) = state.withLock { state in
      let key = state.nextKey
      state.nextKey += 1
      state.streams[key] = (customerID, continuation)
      defer { state.hasDeliveredUnfinished = true }
      return (key, !state.hasDeliveredUnfinished)
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.streams.removeValue(forKey: key) }
    }
    if isFirst {
      for transaction in unfinished() { continuation.yield(transaction) }
    }
    return stream
  }

  /// Sends `transaction` to every stream of `customerID`.
  func broadcast(_ transaction: SignedTransaction, customerID: String) {
    let targets = state.withLock { state in
      state.streams.values.filter { $0.customerID == customerID }.map(\.continuation)
    }
    for continuation in targets { continuation.yield(transaction) }
  }
}
