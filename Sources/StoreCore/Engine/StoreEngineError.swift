/// A request the simulated App Store refuses where StoreKit has no error case of its own.
///
/// Each description is one sentence naming the bad input, for the command line and the screens.
public enum StoreEngineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No product with this identifier in the configuration.
  case unknownProduct(String)
  /// No transaction with this identifier in the ledger.
  case unknownTransaction(UInt64)
  /// The transaction is not waiting for what the action resolves.
  case wrongState(UInt64, action: String, state: String)
  /// The transaction was already refunded or revoked.
  case alreadyRevoked(UInt64)
  /// The action does not apply to this kind of product.
  case notApplicable(UInt64, action: String, reason: String)

  /// One sentence naming the bad input.
  public var description: String {
    switch self {
    case .unknownProduct(let id):
      "product \"\(id)\" is not in the catalog"
    case .unknownTransaction(let id):
      "transaction \(id) does not exist"
    case .wrongState(let id, let action, let state):
      "transaction \(id) cannot be \(action): it is \(state)"
    case .alreadyRevoked(let id):
      "transaction \(id) was already refunded or revoked"
    case .notApplicable(let id, let action, let reason):
      "transaction \(id) cannot be \(action): \(reason)"
    }
  }
}
