import StoreCore

/// What moving the clock did, in one sentence: the renewals and every billing failure it caused.
public enum ClockReport {
  /// The sentence after moving the clock.
  ///
  /// For example `Advanced the clock 30 days; 0 renewals; billing failed for Plus Monthly (grace
  /// period).`
  public static func sentence(
    days: String, renewals: Int, billingFailures: [StoreEvent], name: (String) -> String
  ) -> String {
    var sentence =
      "Advanced the clock \(days); \(renewals) \(renewals == 1 ? "renewal" : "renewals")"
    if !billingFailures.isEmpty {
      let failed = billingFailures.map { event in
        let product = event.productID.map(name) ?? "a subscription"
        return event.detail.isEmpty ? product : "\(product) (\(event.detail))"
      }
      sentence += "; billing failed for " + failed.joined(separator: ", ")
    }
    return sentence + "."
  }
}
