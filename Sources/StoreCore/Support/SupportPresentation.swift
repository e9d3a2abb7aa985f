import Foundation

/// The support console's wording, shared by `storeterm customer` and the Customers screen:
/// pure functions from explanations and timeline entries to lines and JSON.
///
/// The line builders take a wording of ``SupportPhrase``s: English (``english``) on the command
/// line, the UI's language on screen; the rows are the same facts either way.
public enum SupportPresentation {
  /// How a caller words phrases.
  public typealias Wording = (SupportPhrase) -> String

  /// The command line's wording: English.
  public static func english(_ phrase: SupportPhrase) -> String { phrase.description }

  /// `yes` or `no`, padded so the sentences line up.
  public static func accessWord(_ hasAccess: Bool) -> String { hasAccess ? "yes" : "no " }

  /// One line per explanation: `StoreTerm Plus (group)  yes  via Plus Monthly: active, …`.
  ///
  /// Product lines under a group are indented by two spaces.
  public static func explanationRows(
    _ lines: [AccessExplanation], wording: Wording? = nil
  ) -> [[String]] {
    let say = wording ?? english
    // The command line pads `no` so its sentences line up; a screen's columns do that.
    let access: (Bool) -> String =
      wording.map { say in { say(SupportPhrase($0 ? "yes" : "no")) } } ?? accessWord
    var rows: [[String]] = []
    var group: String?
    for line in lines {
      switch line.subject {
      case .group(let id):
        group = id
        rows.append([
          say(SupportPhrase("%@ (group)", .data(line.name))), access(line.hasAccess),
          say(line.phrase),
        ])
      case .product:
        let indent = group != nil && line.group == group
        if !indent { group = nil }
        rows.append([
          (indent ? "  " : "") + line.name, access(line.hasAccess), say(line.phrase),
        ])
      }
    }
    return rows
  }

  /// One line per timeline entry: `1 Dec 2026 10:00  SUBSCRIBED/INITIAL_BUY  Subscribed to …`.
  ///
  /// `minute` writes the date: ``SupportDate/minute(_:)`` on the command line.
  public static func timelineRows(
    _ entries: [TimelineEntry], wording: Wording = english,
    minute: (Date) -> String = SupportDate.minute
  ) -> [[String]] {
    entries.map { entry in
      [
        minute(entry.date), entry.name,
        wording(
          entry.isImported ? SupportPhrase("%@ (imported)", .phrase(entry.phrase)) : entry.phrase),
      ]
    }
  }

  /// The product names a search result lists as active entitlements, comma-separated.
  public static func activeSummary(_ lines: [AccessExplanation]) -> String {
    let names = active(lines).map(\.name)
    return names.isEmpty ? "none" : names.joined(separator: ", ")
  }

  /// The lines that grant a product now: a search result's active entitlements.
  public static func active(_ lines: [AccessExplanation]) -> [AccessExplanation] {
    lines.filter { $0.hasAccess && $0.subject.kind == "product" }
  }

  /// The customer line above the explainer: `customer default · Jane Doe · jane@example.com · USA`,
  /// then `family Smiths` for a member of a Family Sharing group, leaving out what is unknown.
  public static func header(
    customerID: String, name: String, email: String, storefront: String,
    familyGroup: String? = nil, wording: Wording = english
  ) -> String {
    ([wording(SupportPhrase("customer %@", .data(customerID)))]
      + [name, email, storefront].filter { !$0.isEmpty }
      + (familyGroup.map { [wording(SupportPhrase("family %@", .data($0)))] } ?? []))
      .joined(separator: " · ")
  }

  /// When the answers hold: `as of 30 Nov 2026 12:00 UTC`.
  public static func asOf(_ date: Date, wording: Wording = english) -> String {
    wording(SupportPhrase("as of %@ UTC", .minute(date)))
  }

  /// One search result as `storeterm customers` and the Customers screen list it: id, name
  /// (`(imported)` for a customer known only from App Store data), storefront (`-` when
  /// unknown), and the active entitlements from ``activeSummary(_:)``.
  public static func searchRow(
    id: String, name: String, storefront: String, isImported: Bool,
    explanations: [AccessExplanation]
  ) -> [String] {
    [
      id, isImported ? "(imported)" : name, storefront.isEmpty ? "-" : storefront,
      activeSummary(explanations),
    ]
  }

  /// An explanation as JSON: `subject`, `id`, `name`, `access`, `code`, `reason`.
  public static func json(_ line: AccessExplanation) -> JSONValue {
    var members = [
      JSONMember("subject", .string(line.subject.kind)),
      JSONMember("id", .string(line.subject.id)),
      JSONMember("name", .string(line.name)),
      JSONMember("access", .bool(line.hasAccess)),
      JSONMember("code", .string(line.reason.rawValue)),
      JSONMember("reason", .string(line.sentence)),
    ]
    if let id = line.transactionID { members.append(JSONMember("transactionId", .string(id))) }
    return .object(members)
  }

  /// A timeline entry as JSON: `date` (ISO 8601, UTC), `notificationType`, `subtype`, `label`.
  public static func json(_ entry: TimelineEntry) -> JSONValue {
    var members = [
      JSONMember("date", .string(SupportDate.iso8601(entry.date))),
      JSONMember("name", .string(entry.name)),
    ]
    if let type = entry.notificationType {
      members.append(JSONMember("notificationType", .string(type.rawValue)))
    }
    if let subtype = entry.subtype {
      members.append(JSONMember("subtype", .string(subtype.rawValue)))
    }
    members.append(JSONMember("label", .string(entry.label)))
    if let id = entry.transactionID { members.append(JSONMember("transactionId", .string(id))) }
    if entry.isImported { members.append(JSONMember("imported", .bool(true))) }
    return .object(members)
  }

  /// The whole customer view as JSON: the customer, entitlements with codes, the timeline, the
  /// transactions under Apple's field names, and unverified imports.
  ///
  /// - Parameter transactions: the transactions to list, in purchase order (default: every one
  ///   of `history`).
  public static func json(
    _ history: CustomerHistory, explanations: [AccessExplanation], timeline: [TimelineEntry],
    transactions: [JWSTransactionDecodedPayload]? = nil
  ) -> JSONValue {
    .object([
      JSONMember(
        "customer",
        .object([
          JSONMember("id", .string(history.customerID)),
          JSONMember("name", .string(history.name)),
          JSONMember("email", .string(history.email)),
          JSONMember("storefront", .string(history.storefront)),
          JSONMember("familyGroup", history.familyGroup.map(JSONValue.string) ?? .null),
        ])),
      JSONMember("entitlements", .array(explanations.map(json))),
      JSONMember("timeline", .array(timeline.map(json))),
      JSONMember(
        "transactions",
        .array(
          (transactions ?? history.transactions.sorted(by: SubscriptionChain.older))
            .map(\.jsonValue))),
      JSONMember(
        "unverified",
        .array(
          history.unverified.map { item in
            .object([
              JSONMember("kind", .string(item.kind)),
              JSONMember("productId", item.productID.map(JSONValue.string) ?? .null),
              JSONMember("transactionId", item.transactionID.map(JSONValue.string) ?? .null),
              JSONMember("reason", .string(item.reason)),
            ])
          })),
    ])
  }
}
