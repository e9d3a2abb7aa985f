/// Runs a group of reads against one state of a store, where the store can: a server request
/// that reads a key, a transaction and a customer's records sees them consistent, in one
/// database transaction instead of one per read.
public protocol ReadSnapshots: Sendable {
  /// Runs `body`, whose reads of this store see one state; a write inside it is refused.
  func snapshot<T: Sendable>(_ body: () throws -> T) throws -> T
}

extension DatabaseQueue: ReadSnapshots {}

/// A store without shared snapshots: each read is its own transaction, as before.
public struct SeparateReads: ReadSnapshots {
  /// Reads as the store's calls do on their own.
  public init() {}

  /// Runs `body` unchanged.
  public func snapshot<T: Sendable>(_ body: () throws -> T) throws -> T { try body() }
}
