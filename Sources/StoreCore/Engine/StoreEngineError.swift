/// A request the simulated App Store refuses where StoreKit has no error case of its own.
///
/// Each description is one English sentence naming the bad input, for the command line; the
/// screens word the same case and fields in the UI's language.
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
  /// The transaction is a Family Sharing copy; QA acts on the purchaser's transaction, the
  /// second identifier.
  case familyCopy(UInt64, action: String, purchaserTransaction: UInt64)
  /// The transaction is an assigned seat's copy of a multiseat subscription; QA acts on the
  /// purchaser's transaction, the second identifier.
  case assignedCopy(UInt64, action: String, purchaserTransaction: UInt64)
  /// A Family Sharing group name that is empty, too long or has characters other than
  /// letters, digits, `-`, `_` and `.`.
  case badFamilyName(String)
  /// The customer already belongs to a family (joining another means leaving this one first).
  case alreadyInFamily(customer: String, group: String)
  /// The customer belongs to no family.
  case notInFamily(String)
  /// The family already has the six members Family Sharing allows.
  case familyFull(String)

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
    case .familyCopy(let id, let action, let source):
      "transaction \(id) cannot be \(action): it is shared through Family Sharing; act on the "
        + "purchaser's transaction \(source)"
    case .assignedCopy(let id, let action, let source):
      "transaction \(id) cannot be \(action): it is an assigned seat's copy; act on the "
        + "purchaser's transaction \(source)"
    case .badFamilyName(let name):
      "family group \"\(name)\" is not a valid name: use 1 to 64 letters, digits, '-', '_' or '.'"
    case .alreadyInFamily(let customer, let group):
      "customer \"\(customer)\" is already in family group \"\(group)\"; leave it first"
    case .notInFamily(let customer):
      "customer \"\(customer)\" is not in a family group"
    case .familyFull(let group):
      "family group \"\(group)\" already has 6 members, the most Family Sharing allows"
    }
  }
}
