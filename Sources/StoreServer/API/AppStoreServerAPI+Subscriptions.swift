import StoreCore

extension AppStoreServerAPI {
  /// `GET /inApps/v1/subscriptions/{transactionId}`: each subscription group of the customer
  /// with the latest transaction and renewal info of each chain, optionally only chains whose
  /// status is among the `status` values.
  func subscriptionStatuses(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
    var wanted: Set<SubscriptionStatusCode> = []
    for value in request.queryValues("status") {
      guard let code = Int(value).flatMap(SubscriptionStatusCode.init(rawValue:)) else {
        throw APIError.invalidStatus
      }
      wanted.insert(code)
    }
    let found = try transaction(id)
    let statuses = try engine.subscriptionStatuses(customerID: found.record.customerID)
      .filter { isServed($0.transaction) }
    var groups: [(group: String, items: [JSONValue])] = []
    for status in statuses {
      let code = SubscriptionStatusCode(status.state)
      guard wanted.isEmpty || wanted.contains(code) else { continue }
      let item = JSONValue.object([
        JSONMember("originalTransactionId", .string(String(status.subscription.originalID))),
        JSONMember("status", .integer(code.rawValue)),
        JSONMember("signedTransactionInfo", .string(try serverJWS(status.transaction))),
        JSONMember("signedRenewalInfo", .string(status.renewalInfo.jws)),
      ])
      if let index = groups.firstIndex(where: { $0.group == status.subscription.groupID }) {
        groups[index].items.append(item)
      } else {
        groups.append((status.subscription.groupID, [item]))
      }
    }
    return .json(
      .object([
        JSONMember("environment", .string(identity.environment.rawValue)),
        JSONMember("bundleId", .string(identity.bundleId)),
        JSONMember(
          "data",
          .array(
            groups.map {
              .object([
                JSONMember("subscriptionGroupIdentifier", .string($0.group)),
                JSONMember("lastTransactions", .array($0.items)),
              ])
            })),
      ]))
  }
}
