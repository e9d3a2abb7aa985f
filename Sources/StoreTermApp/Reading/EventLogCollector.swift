import Foundation
import StoreCore
import StoreKit
import StoreManager

/// The event log between snapshots: the App Store's events as the ledger hands them over, and
/// what the app saw (its feed, status and storefront changes) at the snapshot that saw it, the
/// newest thousand kept.
@MainActor
struct EventLogCollector {
  /// The entries, in the order they came.
  private(set) var entries: [EventLogEntry] = []
  private var lastFeedID = 0
  /// Each group's state and the storefront as last seen, to log their changes.
  private var lastStates: [String: SubscriptionGroupStatus.State]?
  private var lastStorefront: Storefront?
  private let limit = 1000

  /// Starts the log with the App Store's latest events.
  mutating func prime(_ events: [StoreEvent]) {
    entries = events.map(Self.entry)
  }

  /// Adds the App Store's new events.
  mutating func add(_ events: [StoreEvent]) {
    append(events.map(Self.entry))
  }

  /// Logs what the app's feed delivered or refused since the last look.
  mutating func collectFeed(_ app: any StoreKitView, now: Date) {
    let fresh = app.feed.filter { $0.id > lastFeedID }
    guard let last = fresh.last else { return }
    lastFeedID = last.id
    append(
      fresh.map { entry in
        let detail: EventNote
        let problem: Bool
        var granted: GrantOutcome?
        switch entry.outcome {
        case .delivered(let grant):
          // The screen says what the grant was, in words and in the catalog's language.
          detail = .verified(revoked: entry.isRevoked)
          granted = grant
          problem = false
        case .refused(let failure):
          detail = .refused("\(failure)")
          problem = true
        }
        return EventLogEntry(
          date: now, origin: .app, kind: entry.source.rawValue, productID: entry.productID,
          transactionID: entry.transactionID, detail: detail, isProblem: problem, grant: granted)
      })
  }

  /// Logs subscription status and storefront changes, as the app's status and storefront
  /// listeners would see them (not at the first snapshot, which is where things start).
  mutating func collectChanges(_ app: any StoreKitView, now: Date) {
    let statuses = app.subscriptionStatuses
    if let lastStates {
      for group in statuses.keys.sorted() {
        guard let status = statuses[group], lastStates[group] != status.state else { continue }
        append([
          EventLogEntry(
            date: now, origin: .app, kind: "status", productID: status.productID,
            transactionID: status.transactionID,
            detail: .statusChanged(from: lastStates[group]?.rawValue, to: status.state.rawValue),
            isProblem: status.state == .inBillingRetryPeriod)
        ])
      }
    }
    lastStates = statuses.mapValues(\.state)
    if let previous = lastStorefront, let current = app.storefront, previous.id != current.id {
      append([
        EventLogEntry(
          date: now, origin: .app, kind: "storefront", productID: nil, transactionID: nil,
          detail: .storefrontChanged(from: previous.countryCode, to: current.countryCode))
      ])
    }
    lastStorefront = app.storefront ?? lastStorefront
  }

  private mutating func append(_ new: [EventLogEntry]) {
    entries += new
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
  }

  private static func entry(_ event: StoreEvent) -> EventLogEntry {
    EventLogEntry(
      date: event.date, origin: .appStore, kind: event.kind.rawValue, productID: event.productID,
      transactionID: event.transactionID,
      detail: .appStore(customerID: event.customerID, detail: event.detail),
      isProblem: event.kind == .failed || event.kind == .billingFailed)
  }
}
