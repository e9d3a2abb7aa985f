import Foundation

/// Compares what the store says after a step with what the scenario expects, one sentence per
/// difference.
enum ScenarioCheck {
  /// How far apart two dates may be and still agree: scenarios write them to the minute.
  static let dateTolerance: TimeInterval = 60

  /// The differences between `expectations` and `observed` (empty when every one holds).
  ///
  /// - Parameter outcome: the step's purchase answer (`success`, `pending`, `userCancelled`,
  ///   `failed`), nil for a step that is no purchase.
  static func differences(
    _ expectations: [ScenarioExpectation], observed: ScenarioObservation, outcome: String?
  ) -> [(line: Int, text: String)] {
    var found: [(line: Int, text: String)] = []
    var pendingLines: [(line: Int, request: ScenarioPending?)] = []
    for expectation in expectations {
      let line = expectation.line
      switch expectation.fact {
      case .outcome(let expected):
        if outcome != expected {
          found.append((line, "outcome: expected \(expected), got \(outcome ?? "no purchase")"))
        }
      case .entitlements(let expected):
        if observed.entitlements != expected {
          found.append(
            (
              line,
              "entitlements: expected \(list(expected)), got \(list(observed.entitlements))"
            ))
        }
      case .entitlement(let product, let present):
        if observed.entitlements.contains(product) != present {
          found.append(
            (
              line,
              present
                ? "entitlements: expected \(product), got \(list(observed.entitlements))"
                : "entitlements: expected no \(product), got \(list(observed.entitlements))"
            ))
        }
      case .status(let group, let state, let fields):
        if let problem = status(group, state: state, fields: fields, observed: observed) {
          found.append((line, problem))
        }
      case .balance(let product, let expected):
        let balance = observed.balances[product] ?? 0
        if balance != expected {
          found.append((line, "balance \(product): expected \(expected), got \(balance)"))
        }
      case .pending(let request):
        pendingLines.append((line, request))
      }
    }
    if let first = pendingLines.first {
      let expected = pendingLines.compactMap(\.request).sorted()
      if expected != observed.pending.sorted() {
        found.append(
          (
            first.line,
            "pending: expected \(pendingList(expected)), got \(pendingList(observed.pending))"
          ))
      }
    }
    return found
  }

  private static func status(
    _ group: String, state: String?, fields: [String: String], observed: ScenarioObservation
  ) -> String? {
    let listed = observed.statuses[group] ?? []
    guard let state else {
      return listed.isEmpty ? nil : "status \(group): expected none, got \(describe(listed))"
    }
    guard !listed.isEmpty else {
      return "status \(group): expected \(state), got none"
    }
    let matches = listed.contains { line in
      line.state == state
        && fields.allSatisfy { key, value in agrees(key, value, line.fields[key] ?? "none") }
    }
    guard !matches else { return nil }
    // The closest status (same state first) says which keys differ.
    let closest = listed.first { $0.state == state } ?? listed[0]
    var parts: [String] = []
    if closest.state != state { parts.append("state: expected \(state), got \(closest.state)") }
    for key in ScenarioParser.statusKeys {
      guard let value = fields[key] else { continue }
      let actual = closest.fields[key] ?? "none"
      if !agrees(key, value, actual) { parts.append("\(key): expected \(value), got \(actual)") }
    }
    return "status \(group): " + parts.joined(separator: "; ")
  }

  private static func agrees(_ key: String, _ expected: String, _ actual: String) -> Bool {
    guard ["expires", "grace-until"].contains(key),
      let left = ScenarioParser.date(expected), let right = ScenarioParser.date(actual)
    else { return expected == actual }
    return abs(left.timeIntervalSince(right)) <= dateTolerance
  }

  private static func describe(_ lines: [ScenarioObservation.StatusLine]) -> String {
    lines.map { "\($0.state) (\($0.fields["product"] ?? "?"))" }.joined(separator: ", ")
  }

  private static func list(_ products: [String]) -> String {
    products.isEmpty ? "none" : products.joined(separator: " ")
  }

  private static func pendingList(_ requests: [ScenarioPending]) -> String {
    requests.isEmpty
      ? "none"
      : requests.map { "\($0.id) \($0.productID) \($0.state)" }.joined(separator: ", ")
  }
}
