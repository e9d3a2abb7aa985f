import Foundation

extension SubscriptionState {
  /// The state as JSON, for storage; dates in epoch milliseconds.
  public var jsonValue: JSONValue {
    var members: [JSONMember] = [
      JSONMember("originalID", .string(String(originalID))),
      JSONMember("customerID", .string(customerID)),
      JSONMember("groupID", .string(groupID)),
      JSONMember("productID", .string(productID)),
      JSONMember("autoRenewProductID", .string(autoRenewProductID)),
      JSONMember("willAutoRenew", .bool(willAutoRenew)),
      JSONMember("expiresDate", Self.date(expiresDate)),
      JSONMember("originalPurchaseDate", Self.date(originalPurchaseDate)),
      JSONMember("recentStartDate", Self.date(recentStartDate)),
      JSONMember("renewalPrice", .number(String(renewalPrice))),
      JSONMember("currency", .string(currency)),
      JSONMember("isRevoked", .bool(isRevoked)),
    ]
    if let expirationReason {
      members.append(JSONMember("expirationReason", .integer(expirationReason.rawValue)))
    }
    if let plannedExpirationReason {
      members.append(
        JSONMember("plannedExpirationReason", .integer(plannedExpirationReason.rawValue)))
    }
    if let issue = billingIssue {
      var fields = [
        JSONMember("since", Self.date(issue.since)),
        JSONMember("retryEnds", Self.date(issue.retryEnds)),
        JSONMember("graceOver", .bool(issue.graceOver)),
      ]
      if let grace = issue.graceEnds { fields.append(JSONMember("graceEnds", Self.date(grace))) }
      members.append(JSONMember("billingIssue", .object(fields)))
    }
    if let increase = priceIncrease {
      members.append(
        JSONMember(
          "priceIncrease",
          .object([
            JSONMember("newPrice", .number(String(increase.newPrice))),
            JSONMember("agreed", .bool(increase.agreed)),
          ])))
    }
    if let offer {
      var fields = [
        JSONMember("type", .integer(offer.type.rawValue)),
        JSONMember("discount", .string(offer.discount.rawValue)),
        JSONMember("period", .string(offer.period)),
        JSONMember("price", .number(String(offer.price))),
        JSONMember("remaining", .integer(offer.remaining)),
      ]
      if let id = offer.id { fields.append(JSONMember("id", .string(id))) }
      members.append(JSONMember("offer", .object(fields)))
    }
    if let appAccountToken {
      members.append(JSONMember("appAccountToken", .string(appAccountToken.uuidString)))
    }
    if !renewalExtensions.isEmpty {
      members.append(
        JSONMember(
          "renewalExtensions",
          .array(
            renewalExtensions.map {
              .object([
                JSONMember("date", Self.date($0.date)), JSONMember("days", .integer($0.days)),
                JSONMember("requestIdentifier", .string($0.requestIdentifier)),
              ])
            })))
    }
    if let commitment {
      members.append(
        JSONMember(
          "commitment",
          .object([
            JSONMember("startDate", Self.date(commitment.startDate)),
            JSONMember("expiresDate", Self.date(commitment.expiresDate)),
            JSONMember("billingPeriodNumber", .integer(commitment.billingPeriodNumber)),
            JSONMember("totalBillingPeriods", .integer(commitment.totalBillingPeriods)),
            JSONMember("price", .number(String(commitment.price))),
          ])))
    }
    if hasBillingPlans { members.append(JSONMember("hasBillingPlans", .bool(true))) }
    if let next = nextBillingPlan {
      var plan = [
        JSONMember("type", .string(next.type.rawValue)),
        JSONMember("price", .number(String(next.price))),
      ]
      if let total = next.commitmentPrice {
        plan.append(JSONMember("commitmentPrice", .number(String(total))))
      }
      members.append(JSONMember("nextBillingPlan", .object(plan)))
    }
    // Stored as the transaction's own `multiSeatInfo` object.
    if let seats = multiSeatInfo, let value = try? JSONParser.parse(seats.jsonBytes()) {
      members.append(JSONMember("multiSeatInfo", value))
    }
    if !seatMembers.isEmpty {
      members.append(JSONMember("seatMembers", .array(seatMembers.map(JSONValue.string))))
    }
    if !seatMembersRemoved.isEmpty {
      members.append(
        JSONMember("seatMembersRemoved", .array(seatMembersRemoved.map(JSONValue.string))))
    }
    return .object(members)
  }

  /// Reads a state stored by ``jsonValue``.
  public init(json: JSONValue) throws(JSONReadError) {
    let root = JSONCursor(root: json)
    func date(_ cursor: JSONCursor) throws(JSONReadError) -> Date {
      Date(epochMilliseconds: Int64(try cursor.int()))
    }
    func intent(_ key: String) throws(JSONReadError) -> ExpirationIntent? {
      guard let raw = try root.optionalInt(key) else { return nil }
      guard let intent = ExpirationIntent(rawValue: raw) else {
        throw root.error("\(key) \(raw) is not an expiration intent")
      }
      return intent
    }
    guard let originalID = UInt64(try root.string("originalID")) else {
      throw root.error("originalID is not a number")
    }
    self.init(
      originalID: originalID, customerID: try root.string("customerID"),
      groupID: try root.string("groupID"), productID: try root.string("productID"),
      autoRenewProductID: try root.string("autoRenewProductID"),
      willAutoRenew: try root.required("willAutoRenew").bool(),
      expiresDate: try date(root.required("expiresDate")),
      originalPurchaseDate: try date(root.required("originalPurchaseDate")),
      recentStartDate: try date(root.required("recentStartDate")),
      renewalPrice: Int64(try root.int("renewalPrice")), currency: try root.string("currency"),
      expirationReason: try intent("expirationReason"),
      plannedExpirationReason: try intent("plannedExpirationReason"),
      isRevoked: try root.required("isRevoked").bool(),
      appAccountToken: try root.optionalString("appAccountToken").flatMap(UUID.init(uuidString:)))
    if let issue = try root.optional("billingIssue") {
      billingIssue = BillingIssue(
        since: try date(issue.required("since")),
        graceEnds: try issue.optional("graceEnds").map { c throws(JSONReadError) in try date(c) },
        retryEnds: try date(issue.required("retryEnds")),
        graceOver: try issue.optionalBool("graceOver") ?? false)
    }
    if let increase = try root.optional("priceIncrease") {
      priceIncrease = PriceIncrease(
        newPrice: Int64(try increase.int("newPrice")),
        agreed: try increase.required("agreed").bool())
    }
    renewalExtensions = try root.elements("renewalExtensions").map {
      element throws(JSONReadError) in
      RenewalExtension(
        date: try date(element.required("date")), days: try element.int("days"),
        requestIdentifier: try element.string("requestIdentifier"))
    }
    if let commitment = try root.optional("commitment") {
      self.commitment = Commitment(
        startDate: try date(commitment.required("startDate")),
        expiresDate: try date(commitment.required("expiresDate")),
        billingPeriodNumber: try commitment.int("billingPeriodNumber"),
        totalBillingPeriods: try commitment.int("totalBillingPeriods"),
        price: Int64(try commitment.int("price")))
    }
    hasBillingPlans = try root.optionalBool("hasBillingPlans") ?? false
    if let next = try root.optional("nextBillingPlan") {
      guard let type = BillingPlanType(rawValue: try next.string("type")) else {
        throw next.error("unknown billing plan type")
      }
      nextBillingPlan = NextBillingPlan(
        type: type, price: Int64(try next.int("price")),
        commitmentPrice: try next.optional("commitmentPrice").map {
          cursor throws(JSONReadError) in Int64(try cursor.int())
        })
    }
    if let members = try root.optional("seatMembers") {
      seatMembers = try members.elements().map { cursor throws(JSONReadError) in
        try cursor.string()
      }
    }
    if let members = try root.optional("seatMembersRemoved") {
      seatMembersRemoved = try members.elements().map { cursor throws(JSONReadError) in
        try cursor.string()
      }
    }
    if let seats = try root.optional("multiSeatInfo") {
      do {
        multiSeatInfo = try TransactionMultiSeatInfo(json: seats.value)
      } catch {
        throw seats.error(error.description)
      }
    }
    if let offer = try root.optional("offer") {
      guard let type = OfferType(rawValue: try offer.int("type")),
        let discount = OfferDiscountType(rawValue: try offer.string("discount"))
      else { throw offer.error("unknown offer type or discount") }
      self.offer = PeriodOffer(
        type: type, id: try offer.optionalString("id"), discount: discount,
        period: try offer.string("period"), price: Int64(try offer.int("price")),
        remaining: try offer.int("remaining"))
    }
  }

  private static func date(_ date: Date) -> JSONValue {
    .number(String(date.epochMilliseconds))
  }
}
