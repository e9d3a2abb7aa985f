import StoreCore

/// An event log line's note in the snapshot's language: the app's verdicts, status names and
/// the App Store log's fixed details translated; names, identifiers and prices as they are.
enum EventNoteWords {
  /// The English key for each `Product.SubscriptionInfo.RenewalState` raw value.
  static let states: [String: String] = [
    "subscribed": "subscribed", "expired": "expired", "inBillingRetryPeriod": "billing retry",
    "inGracePeriod": "in grace period", "revoked": "revoked",
  ]

  /// The English key for each fixed detail the App Store's log writes (`StoreEvent.detail`).
  ///
  /// Why a subscription expired (StoreKit's `ExpirationReason` names) is worded as the support
  /// explainer words it (``AccessExplainer/phrase(_:)``); then why a refund was asked for, and
  /// the engine's own words. A detail not listed carries data and is shown as it is.
  static let storeDetails: [String: String] = Dictionary(
    ExpirationIntent.allCases.map { ($0.name, AccessExplainer.phrase($0).template) },
    uniquingKeysWith: { first, _ in first }
  ).merging([
    "grace period": "grace period", "forced": "forced", "already owned": "already owned",
    "developerIssue": "developer issue", "other": "other reason",
    "upgradedToBundle": "upgraded to a bundle",
  ]) { first, _ in first }

  /// `note` in the snapshot's language.
  static func text(_ note: EventNote, _ snapshot: StoreSnapshot) -> String {
    switch note {
    case .verified(let revoked):
      let words = ["verified"] + (revoked ? ["revoked"] : [])
      return words.map { snapshot.localized($0) }.joined(separator: " · ")
    case .refused(let reason):
      return snapshot.localized("refused: %@", reason)
    case .statusChanged(let from, let to):
      return (from.map { state($0, snapshot) + " → " } ?? "") + state(to, snapshot)
    case .storefrontChanged(let from, let to):
      return "\(from) → \(to)"
    case .appStore(let customerID, let detail):
      guard !detail.isEmpty else { return customerID }
      return customerID + " · " + (storeDetails[detail].map { snapshot.localized($0) } ?? detail)
    case .text(let text):
      return text
    }
  }

  private static func state(_ raw: String, _ snapshot: StoreSnapshot) -> String {
    states[raw].map { snapshot.localized($0) } ?? raw
  }
}
