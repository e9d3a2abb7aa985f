import StoreCore

/// What moving the clock did, in one sentence: the renewals and every billing failure it caused.
public enum ClockReport {
  /// The sentence after moving the clock.
  ///
  /// For example `Advanced the clock 30 days; 0 renewals; billing failed for Plus Monthly (grace
  /// period).`
  public static func sentence(
    days: Int, renewals: Int, billingFailures: [StoreEvent], in snapshot: StoreSnapshot
  ) -> String {
    let text = snapshot.localized
    let length = days == 1 ? text("1 day") : text("%@ days", "\(days)")
    var sentence =
      renewals == 1
      ? text("Advanced the clock %@; 1 renewal", length)
      : text("Advanced the clock %1$@; %2$@ renewals", length, "\(renewals)")
    if !billingFailures.isEmpty {
      let failed = billingFailures.map { event in
        let product = event.productID.map(snapshot.name(of:)) ?? text("a subscription")
        return event.detail.isEmpty ? product : "\(product) (\(event.detail))"
      }
      sentence += text("; billing failed for %@", failed.joined(separator: ", "))
    }
    return sentence + "."
  }
}
