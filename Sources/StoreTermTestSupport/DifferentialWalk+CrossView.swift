import Foundation
import StoreCore
import StoreTermApp
import StoreTermCLI
import TerminalUI

extension DifferentialWalk {
  /// Where the support console, the explainer, the Account's entitlements line and the
  /// `transactions` table disagree with `entitlements` and with the screens' State column:
  /// for every customer of the walk, the products with access must be the same set in each,
  /// and every transaction the same standing.
  func crossViewProblems(_ snapshot: StoreSnapshot, entitled: Set<String>) async throws
    -> [String]
  {
    var problems: [String] = []
    let customers = try await jsonObject(["customers"]) as? [[String: Any]] ?? []
    let active = Dictionary(
      customers.compactMap { row in
        (row["id"] as? String).map { ($0, Set(row["activeEntitlements"] as? [String] ?? [])) }
      }, uniquingKeysWith: { a, _ in a })
    for customer in Self.customers where active[customer] != nil {
      let own = Set(
        try await json(["entitlements", "--customer", customer]).compactMap {
          $0["productId"] as? String
        })
      if active[customer] != own {
        problems.append(
          "\(customer): customers lists \(active[customer]!.sorted()), entitlements \(own.sorted())"
        )
      }
      let detail = try await jsonObject(["customer", customer]) as? [String: Any] ?? [:]
      let lines = detail["entitlements"] as? [[String: Any]] ?? []
      // A consumable's line says whether a balance is left, which is not an entitlement.
      let yes = Set(
        lines.filter {
          $0["subject"] as? String == "product" && $0["access"] as? Bool == true
            && $0["code"] as? String != "consumable"
        }.compactMap { $0["id"] as? String })
      if yes != own {
        problems.append("\(customer): explainer yes \(yes.sorted()), entitlements \(own.sorted())")
      }
      // Each customer's own screens, on the front end signed in as them.
      let shown = customer == snapshot.customerID ? snapshot : otherFrontEnds[customer]?.snapshot
      guard let shown else { continue }
      problems += screenProblems(shown, entitled: own).map { "\(customer): \($0)" }
      problems += await standingProblems(shown, explained: lines).map { "\(customer): \($0)" }
    }
    return problems
  }

  /// Where a customer's paywall badges and Account entitlements line disagree with the
  /// products `entitlements` gives them access to.
  private func screenProblems(_ snapshot: StoreSnapshot, entitled: Set<String>) -> [String] {
    var problems: [String] = []
    let line =
      AccountScreen.headerLines(snapshot, size: Size(width: 400, height: 200))
      .map(\.0).first { $0.hasPrefix("Entitlements: ") } ?? ""
    let named = Set(
      snapshot.products.filter { entitled.contains($0.id) }.map(\.displayName))
    let listed = Set(
      line.dropFirst("Entitlements: ".count).components(separatedBy: ", ").map {
        $0.components(separatedBy: " (shared by ").first ?? $0
      }.filter { $0 != "none" })
    if listed != named { problems.append("account line \"\(line)\", CLI \(named.sorted())") }
    // A badge that says the customer has the product: owned, active, in grace, shared.
    let had: Set<Badge> = [.owned, .active, .gracePeriod, .familySharing]
    for product in snapshot.products {
      let badges = Badge.badges(for: product, in: snapshot)
      let shown = badges.contains { had.contains($0) }
      if shown != entitled.contains(product.id) {
        problems.append("\(product.id): paywall badges \(badges), CLI entitled \(!shown)")
      }
    }
    return problems
  }

  /// Each transaction's standing in the `transactions` table, the State column and the
  /// explainer's reason code.
  private func standingProblems(_ snapshot: StoreSnapshot, explained: [[String: Any]]) async
    -> [String]
  {
    var problems: [String] = []
    let table = await runStoreTerm(
      ["transactions", "--db", database, "--customer", snapshot.customerID]
    ).standardOutput
    let rows = table.split(separator: "\n").map(String.init)
    if let header = rows.first, let column = header.range(of: "STATUS") {
      let offset = header.distance(from: header.startIndex, to: column.lowerBound)
      for row in rows.dropFirst() where row.count > offset && row.first?.isNumber == true {
        guard let id = UInt64(row.prefix { $0 != " " }),
          let record = await listed(id, in: snapshot)
        else { continue }
        let status = String(row.dropFirst(offset))
        let shown = TransactionStanding.text(record, in: snapshot)
        if status != shown {
          problems.append("transaction \(id): transactions \"\(status)\", State \"\(shown)\"")
        }
      }
    }
    // The explainer's code for a product rests on one transaction; its standing must say so.
    let compatible: [String: Set<String>] = [
      "purchased": ["active", "cancelled", "owned", "family_shared"],
      "scheduled_change": ["active", "family_shared"],
      "grace_period": ["grace_period", "family_shared"],
    ]
    for line in explained where line["subject"] as? String == "product" {
      guard let code = line["code"] as? String, code != "consumable",
        let id = (line["transactionId"] as? String).flatMap(UInt64.init),
        let record = await listed(id, in: snapshot)
      else { continue }
      let standing = snapshot.standing(of: record).code
      if !(compatible[standing] ?? [standing]).contains(code) {
        problems.append("transaction \(id): explainer \(code), standing \(standing)")
      }
    }
    return problems
  }
}
