import Foundation
import StoreCore

extension ScenarioAction {
  /// Whether the step is `clock advance`: time travel, exported from what it did.
  var isClockAdvance: Bool {
    if case .clockAdvance = self { return true }
    return false
  }

  /// The step as its line says it; parsing the line gives the step back.
  var text: String {
    switch self {
    case .purchase(let purchase):
      var words = ["purchase", purchase.productID]
      switch purchase.outcome {
      case nil: break
      case .askToBuy: words.append("ask-to-buy")
      case .interrupted: words.append("interrupted")
      case .cancelled: words.append("cancelled")
      case .fail(let name): words += ["fail", name]
      }
      if let quantity = purchase.quantity { words += ["quantity", String(quantity)] }
      if let offer = purchase.offer { words += ["offer", ScenarioText.quoted(offer)] }
      if let code = purchase.offerCode { words += ["offer-code", ScenarioText.quoted(code)] }
      return words.joined(separator: " ")
    case .control(let control, let id, let price, let reason):
      var words = [control.commandName, String(id)]
      if let price { words.append("\(price)") }
      if let reason { words += ["reason", "\(reason)"] }
      return words.joined(separator: " ")
    case .clockAdvance(let text, _): return "clock advance \(text)"
    case .clockRate(let name): return "clock rate \(name)"
    case .setting(let name, let on): return "setting \(name) \(on ? "on" : "off")"
    case .customer(let id): return "customer \(id)"
    case .familyJoin(let group): return "family join \(ScenarioText.quoted(group))"
    case .familyLeave: return "family leave"
    }
  }
}

/// Writing scenario lines.
enum ScenarioText {
  /// `value`, in quotes when it holds a space, a tab or a `#`.
  static func quoted(_ value: String) -> String {
    value.contains(where: { $0 == " " || $0 == "\t" || $0 == "#" }) || value.isEmpty
      ? "\"\(value)\"" : value
  }

  /// A whole number of seconds as the shortest duration that says it exactly: `8d`, `90min`,
  /// `3725s`.
  static func duration(_ seconds: Int) -> String {
    for (unit, size) in [("w", 604_800), ("d", 86_400), ("h", 3_600), ("min", 60)]
    where seconds % size == 0 {
      return "\(seconds / size)\(unit)"
    }
    return "\(seconds)s"
  }

  /// The header a new scenario file starts with.
  static func header(catalog: String, start: Date, generator: String) -> [String] {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return [
      "# A storeterm scenario (Docs/SCENARIOS.md): replay with `storeterm scenario run FILE`.",
      "# \(generator)",
      "catalog \(quoted(catalog))",
      "clock start \(formatter.string(from: start))",
    ]
  }
}
