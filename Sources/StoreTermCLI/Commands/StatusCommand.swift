import Foundation
import StoreCore

/// `storeterm status [GROUP]`: each subscription's state and renewal info.
enum StatusCommand {
  static let spec = CommandSpec(
    name: "status", abstract: "Subscription status and renewal info, for every group or one",
    arguments: ["[GROUP]"], examples: ["storeterm status --json"])

  static func run(_ context: CommandContext) async throws {
    let store = try context.openStore()
    let group = context.parsed.arguments.first
    let statuses = try store.engine.subscriptionStatuses(
      customerID: store.customerID, groupID: group)
    if context.json {
      context.output.write(
        JSONValue.array(
          statuses.map { status in
            var members = [
              JSONMember("state", .string(status.state.rawValue)),
              JSONMember("renewalInfo", status.renewalInfo.payload.jsonValue),
              JSONMember("transaction", status.transaction.payload.jsonValue),
            ]
            let extensions = status.subscription.renewalExtensions
            if !extensions.isEmpty {
              // Given through the App Store Server API (storeterm serve).
              members.append(
                JSONMember(
                  "renewalExtensions",
                  .array(
                    extensions.map {
                      .object([
                        JSONMember("date", .number(String($0.date.epochMilliseconds))),
                        JSONMember("days", .integer($0.days)),
                        JSONMember("requestIdentifier", .string($0.requestIdentifier)),
                      ])
                    })))
            }
            return .object(members)
          }
        ).prettyText + "\n")
      return
    }
    guard !statuses.isEmpty else {
      context.output.write("no subscriptions for customer \(store.customerID)\n")
      return
    }
    for status in statuses {
      context.output.write(describe(status, catalog: store.catalog) + "\n")
    }
  }

  /// One line per subscription: group, product, state and what happens next.
  static func describe(_ status: SignedSubscriptionStatus, catalog: ProductCatalog) -> String {
    let info = status.renewalInfo.payload
    let name = { (id: String) in catalog.product(id: id)?.displayName ?? id }
    var parts = [
      "\(catalog.product(id: info.productId)?.subscription?.groupDisplayName ?? status.subscription.groupID)",
      name(info.productId), status.state.rawValue,
    ]
    switch status.state {
    case .subscribed:
      let end = TransactionText.date(status.subscription.expiresDate.epochMilliseconds)
      parts.append(info.autoRenewStatus == .on ? "renews \(end)" : "ends \(end), auto-renew off")
      if info.autoRenewProductId != info.productId {
        parts.append("then \(name(info.autoRenewProductId))")
      }
    case .inGracePeriod:
      parts.append(
        "grace period until \(info.gracePeriodExpiresDate.map(TransactionText.date) ?? "")")
    case .inBillingRetryPeriod:
      parts.append(
        "billing retry since \(status.subscription.billingIssue.map { TransactionText.date($0.since.epochMilliseconds) } ?? "")"
      )
    case .expired:
      parts.append("expired: \(info.expirationIntent?.name ?? "unknown")")
    case .revoked:
      parts.append("refunded or revoked")
    }
    let extensions = status.subscription.renewalExtensions
    if !extensions.isEmpty {
      let days = extensions.reduce(0) { $0 + $1.days }
      parts.append(
        "extended \(days) day\(days == 1 ? "" : "s") by the developer "
          + "(\(extensions.count) extension\(extensions.count == 1 ? "" : "s"))")
    }
    if let increase = info.priceIncreaseStatus {
      parts.append(
        increase == .customerHasNotResponded ? "price increase pending" : "price increase agreed")
    }
    parts.append("original transaction \(info.originalTransactionId)")
    return parts.joined(separator: " · ")
  }
}
