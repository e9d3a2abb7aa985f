import Foundation
import Synchronization

/// Where the engine gets fresh UUIDs (device verification nonces, device IDs); injected.
public protocol IdentifierGenerator: Sendable {
  /// A new UUID.
  func makeUUID() -> UUID
}

/// UUIDs counting up from `00000000-0000-0000-0000-000000000001`: deterministic, for tests.
public final class SequentialIdentifiers: IdentifierGenerator {
  private let counter = Mutex<UInt64>(0)

  /// Creates a generator starting at 1.
  public init() {}

  /// The next UUID in sequence.
  public func makeUUID() -> UUID {
    let value = counter.withLock { counter -> UInt64 in
      counter += 1
      return counter
    }
    let hex = String(value, radix: 16)
    let padded = String(repeating: "0", count: 12 - hex.count) + hex
    return UUID(uuidString: "00000000-0000-0000-0000-\(padded)")!
  }
}
