import StoreCore

/// `storeterm seats [list | assign | remove]`: the assigned seats of the `--customer`
/// account's multiseat subscriptions, as a group purchaser manages them when Apple hosts the
/// invitations.
enum SeatsCommand {
  static let spec = CommandSpec(
    name: "seats",
    abstract:
      "The --customer's multiseat subscriptions; 'assign'/'remove' give or take back a seat",
    arguments: ["[list|assign|remove]"],
    options: [
      .value("product", "ID", help: "The multiseat subscription (assign, remove)"),
      .value("member", "CUSTOMER", help: "The customer who gets or loses the seat"),
    ],
    examples: [
      "storeterm seats assign --customer alice --product dev.storeterm.bundles.team"
        + " --member bob",
      "storeterm seats remove --customer alice --product dev.storeterm.bundles.team"
        + " --member bob",
      "storeterm seats --customer alice --json",
    ])

  static func run(_ context: CommandContext) throws {
    let parsed = context.parsed
    let action = parsed.arguments.first ?? "list"
    guard ["list", "assign", "remove"].contains(action) else {
      throw UsageError("'\(action)' is not a seats action (list, assign or remove)")
    }
    if action == "list" {
      for option in ["product", "member"] where parsed.value(option) != nil {
        throw UsageError("--\(option): only 'seats assign' and 'seats remove' take it")
      }
      let store = try context.openStore()
      try list(context, store.engine.seatAssignments(customerID: store.customerID), store)
      return
    }
    guard let productID = parsed.value("product") else {
      throw UsageError("'seats \(action)' needs --product ID, the multiseat subscription")
    }
    guard let memberID = parsed.value("member") else {
      throw UsageError("'seats \(action)' needs --member CUSTOMER, who gets or loses the seat")
    }
    if let problem = Customer.problem(withID: memberID) {
      throw UsageError("--member: \(problem)")
    }
    let store = try context.openStore()
    guard store.engine.catalog.contains(productID) else {
      throw StoreEngineError.unknownProduct(productID)
    }
    let purchaserID = store.customerID
    let received =
      action == "assign"
      ? try store.engine.assignSeat(
        purchaserID: purchaserID, productID: productID, memberID: memberID)
      : try store.engine.removeSeat(
        purchaserID: purchaserID, productID: productID, memberID: memberID)
    let seats = try store.engine.seatAssignments(customerID: purchaserID)
    if context.json {
      try list(context, seats, store)
      return
    }
    let count = received.count == 1 ? "1 transaction" : "\(received.count) transactions"
    let free = seats.first { $0.productID == productID }.map { " (\($0.freeSeats) free)" } ?? ""
    context.output.write(
      action == "assign"
        ? "customer \(memberID) got a seat of \(productID) from \(purchaserID)\(free);"
          + " received \(count) (ASSIGNED)\n"
        : "customer \(memberID) lost their seat of \(productID) from \(purchaserID)\(free);"
          + " \(count) revoked (ASSIGNMENT_REVOKE)\n")
  }

  /// The seats as a table, or as exact JSON with `--json`.
  private static func list(
    _ context: CommandContext, _ seats: [SeatAssignment], _ store: StoreContext
  ) throws {
    if context.json {
      context.output.write(
        JSONValue.array(
          seats.map { seat in
            .object([
              JSONMember("productId", .string(seat.productID)),
              JSONMember("originalTransactionId", .string(String(seat.originalID))),
              JSONMember(
                "invitationManagement", seat.invitationManagement.map(JSONValue.string) ?? .null),
              JSONMember("seats", .number(String(seat.seats))),
              JSONMember("freeSeats", .number(String(seat.freeSeats))),
              JSONMember("active", .bool(seat.isActive)),
              JSONMember("members", .array(seat.members.map(JSONValue.string))),
            ])
          }
        ).prettyText + "\n")
      return
    }
    guard !seats.isEmpty else {
      context.output.write("customer \(store.customerID) has no multiseat subscription\n")
      return
    }
    var table = TextTable(headers: ["PRODUCT", "INVITATIONS", "SEATS", "FREE", "MEMBERS"])
    table.rows = seats.map { seat in
      [
        seat.productID, seat.invitationManagement ?? "", String(seat.seats),
        String(seat.freeSeats),
        seat.members.isEmpty ? "-" : seat.members.joined(separator: ", "),
      ]
    }
    context.output.write(table.render())
  }
}
