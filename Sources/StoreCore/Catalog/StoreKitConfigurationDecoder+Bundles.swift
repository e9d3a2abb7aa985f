import Foundation

/// The kinds of auto-renewable subscription a format 6.3 file holds, each in its own top-level
/// list of groups with its own `type`.
enum SubscriptionKind: String {
  /// `subscriptionGroups[].subscriptions[]`.
  case recurring = "RecurringSubscription"
  /// `subscriptionBundleGroups[].subscriptions[]`: a bundle of other groups' subscriptions.
  case bundle = "SubscriptionBundle"
  /// `subscriptionSuiteGroups[].subscriptions[]`: a subscription to a suite of apps.
  case suite = "SubscriptionSuite"
}

extension StoreKitConfigurationDecoder {
  /// The top-level lists of subscription groups, in the order their products are listed.
  static let groupKinds: [(key: String, kind: SubscriptionKind)] = [
    ("subscriptionGroups", .recurring), ("subscriptionBundleGroups", .bundle),
    ("subscriptionSuiteGroups", .suite),
  ]

  /// The product IDs a bundle's `members` names.
  ///
  /// Each is a string or an object with a `productID` (the one file seen had `[]`, so both
  /// shapes are read). A suite's members are other apps' subscriptions, which one app's catalog
  /// cannot hold: they are noted and left out.
  mutating func members(_ cursor: JSONCursor, kind: SubscriptionKind) throws(JSONReadError)
    -> [String]
  {
    let elements = try cursor.elements("members")
    guard kind == .bundle else {
      if !elements.isEmpty {
        notes.append(
          "\(cursor.path(of: "members")): ignoring \(elements.count) members of a"
            + " \(kind.rawValue): storeterm simulates one app")
      }
      return []
    }
    var ids: [String] = []
    for element in elements {
      if case .string(let id) = element.value {
        ids.append(id)
      } else {
        ids.append(try element.string("productID"))
      }
    }
    return ids
  }

  /// `groups` with each bundle's members checked: a member must be an ordinary subscription of
  /// another group, named once; any other is left out with a warning.
  mutating func checkBundles(_ groups: [ConfiguredSubscriptionGroup])
    -> [ConfiguredSubscriptionGroup]
  {
    var groupOf: [String: (group: String, bundled: Bool)] = [:]
    for group in groups {
      for subscription in group.subscriptions where groupOf[subscription.productID] == nil {
        groupOf[subscription.productID] =
          (group.id, !subscription.bundledProductIDs.isEmpty || subscription.isSuite)
      }
    }
    return groups.map { group in
      var group = group
      for index in group.subscriptions.indices {
        let bundle = group.subscriptions[index]
        var kept: [String] = []
        for member in bundle.bundledProductIDs {
          let quoted = JSONValue.string(member).compactText
          let reason: String? =
            switch groupOf[member] {
            case nil: "is not an auto-renewable subscription of this file"
            case let found? where found.group == group.id: "is in the bundle's own group"
            case let found? where found.bundled: "is itself a bundle or suite"
            default: kept.contains(member) ? "is named twice" : nil
            }
          if let reason {
            warnings.append("bundle \(bundle.productID): member \(quoted) \(reason); left out")
          } else {
            kept.append(member)
          }
        }
        group.subscriptions[index].bundledProductIDs = kept
      }
      return group
    }
  }
}
