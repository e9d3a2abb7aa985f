import Foundation
import Synchronization

/// The live update streams of a process (`Transaction.updates`, `Status.updates`), each for one
/// customer.
final class UpdateListeners<Element: Sendable>: Sendable {
  private struct State {
    var streams: [Int: (customerID: String, continuation: AsyncStream<Element>.Continuation)] = [:]
    var nextKey = 0
    var hasDeliveredUnfinished = false
  }

  private let state = Mutex(State())

  /// A new stream for `customerID`; the first stream of the process starts with `unfinished()`.
  func subscribe(
    customerID: String, unfinished: () -> [Element] = { [] }
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream()
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
  func broadcast(_ transaction: Element, customerID: String) {
    let targets = state.withLock { state in
      state.streams.values.filter { $0.customerID == customerID }.map(\.continuation)
    }
    for continuation in targets { continuation.yield(transaction) }
  }
}
