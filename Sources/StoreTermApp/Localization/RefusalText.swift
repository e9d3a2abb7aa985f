import StoreCore

/// The App Store's refusals in the UI's language: the same ``StoreEngineError`` the command line
/// prints in English (its `description`), worded here from the case and its fields.
enum RefusalText {
  /// `error` as a clause in `snapshot`'s language, lower case like the engine's sentence.
  static func text(_ error: StoreEngineError, _ snapshot: StoreSnapshot) -> String {
    switch error {
    case .unknownProduct(let id):
      snapshot.localized("product “%@” is not in the catalog", id)
    case .unknownTransaction(let id):
      snapshot.localized("transaction %@ does not exist", "\(id)")
    case .wrongState(let id, let action, let state):
      snapshot.localized(
        "transaction %1$@ %2$@: it is %3$@", "\(id)", cannotBe(action, snapshot),
        snapshot.localized(state))
    case .alreadyRevoked(let id):
      snapshot.localized("transaction %@ was already refunded or revoked", "\(id)")
    case .notApplicable(let id, let action, let reason):
      snapshot.localized(
        "transaction %1$@ %2$@: %3$@", "\(id)", cannotBe(action, snapshot),
        snapshot.localized(reason))
    case .familyCopy(let id, let action, let source):
      snapshot.localized(
        "transaction %1$@ %2$@: a Family Sharing copy; act on the purchaser's transaction %3$@",
        "\(id)", cannotBe(action, snapshot), "\(source)")
    case .assignedCopy(let id, let action, let source):
      snapshot.localized(
        "transaction %1$@ %2$@: an assigned seat's copy; act on the purchaser's transaction %3$@",
        "\(id)", cannotBe(action, snapshot), "\(source)")
    case .badFamilyName(let name):
      snapshot.localized(
        "family group “%@” is not a valid name: use 1 to 64 letters, digits, '-', '_' or '.'",
        name)
    case .alreadyInFamily(let customer, let group):
      snapshot.localized(
        "customer “%1$@” is already in family group “%2$@”; leave it first", customer, group)
    case .notInFamily(let customer):
      snapshot.localized("customer “%@” is not in a family group", customer)
    case .familyFull(let group):
      snapshot.localized(
        "family group “%@” already has 6 members, the most Family Sharing allows", group)
    }
  }

  /// `cannot be refunded`, whole, since languages place the verb differently.
  static func cannotBe(_ participle: String, _ snapshot: StoreSnapshot) -> String {
    let key = "cannot be " + participle
    return snapshot.localized(key)
  }

  /// Any error a screen shows: an engine refusal in the UI's language, else its own words.
  static func text(_ error: any Error, _ snapshot: StoreSnapshot) -> String {
    (error as? StoreEngineError).map { text($0, snapshot) } ?? "\(error)"
  }
}
