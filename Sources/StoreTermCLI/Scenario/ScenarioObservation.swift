import Foundation
import StoreCore

/// What one customer has after a step, read as `storeterm entitlements`, `status`, `balances`
/// and `transactions --pending` read it (the engine's deciders, the app's fulfillment store).
struct ScenarioObservation: Equatable {
  /// `Transaction.currentEntitlements`' product IDs, sorted.
  var entitlements: [String]
  /// Each subscription status, by group ID, in the engine's order.
  var statuses: [String: [StatusLine]]
  /// Every consumable's balance, by product ID.
  var balances: [String: Int]
  /// The requests that wait, by transaction ID.
  var pending: [ScenarioPending]
  /// The catalog's subscription group IDs, in order (a group with no status is written `none`).
  var groups: [String]
  /// The catalog's consumables, in order.
  var consumables: [String]

  /// One status as an `expect status` line says it: the state and each key's value.
  struct StatusLine: Equatable {
    var state: String
    var fields: [String: String]
  }

  /// Reads what `store`'s customer has now.
  init(_ store: StoreContext) throws {
    let customerID = store.customerID
    entitlements = try store.engine.currentEntitlements(customerID: customerID)
      .map(\.payload.productId).sorted()
    var statuses: [String: [StatusLine]] = [:]
    for status in try store.engine.subscriptionStatuses(customerID: customerID) {
      let info = status.renewalInfo.payload
      var fields = [
        "product": info.productId,
        "auto-renew": info.autoRenewStatus == .on ? "on" : "off",
        "renews-to": info.autoRenewProductId,
        "expires": Self.minute(status.subscription.expiresDate),
      ]
      if let intent = info.expirationIntent { fields["expiration-intent"] = "\(intent)" }
      if let increase = info.priceIncreaseStatus { fields["price-increase"] = "\(increase)" }
      if let grace = info.gracePeriodExpiresDate {
        fields["grace-until"] = Self.minute(Date(epochMilliseconds: grace))
      }
      statuses[status.subscription.groupID, default: []].append(
        StatusLine(state: status.state.rawValue, fields: fields))
    }
    self.statuses = statuses
    let products = store.catalog.products()
    var groups: [String] = []
    for product in products {
      if let group = product.subscription?.subscriptionGroupID, !groups.contains(group) {
        groups.append(group)
      }
    }
    self.groups = groups
    consumables = products.filter { $0.type == .consumable }.map(\.id)
    balances = try store.fulfillment.balances()
    pending = try store.engine.records(customerID: customerID)
      .filter { $0.state == .pendingApproval || $0.state == .interrupted }
      .map {
        ScenarioPending(
          id: $0.id, productID: $0.productID,
          state: $0.state == .interrupted ? "interrupted" : "pendingApproval")
      }
  }

  /// A date to the minute, as scenarios write it: `2026-02-01T00:00Z`.
  static func minute(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let text = formatter.string(from: date)  // 2026-02-01T00:00:00Z
    return String(text.prefix(16)) + "Z"
  }

  /// Every fact of the observation as `expect` lines: what a recording writes after a step.
  var expectLines: [String] {
    var lines = [
      "expect entitlements " + (entitlements.isEmpty ? "none" : entitlements.joined(separator: " "))
    ]
    let extraGroups = statuses.keys.filter { !groups.contains($0) }.sorted()
    for group in groups + extraGroups {
      guard let listed = statuses[group] else {
        lines.append("expect status \(group) none")
        continue
      }
      for status in listed {
        let pairs = ScenarioParser.statusKeys.compactMap { key in
          status.fields[key].map { "\(key)=\($0)" }
        }
        lines.append((["expect status", group, status.state] + pairs).joined(separator: " "))
      }
    }
    let extraBalances = balances.keys.filter { !consumables.contains($0) }.sorted()
    for product in consumables + extraBalances {
      lines.append("expect balance \(product) \(balances[product] ?? 0)")
    }
    if pending.isEmpty {
      lines.append("expect pending none")
    } else {
      for request in pending {
        lines.append("expect pending \(request.id) \(request.productID) \(request.state)")
      }
    }
    return lines
  }
}
