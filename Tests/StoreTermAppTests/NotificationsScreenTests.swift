import Foundation
import StoreTermApp
import StoreTermTestSupport
import TerminalUI
import Testing

/// The Notifications screen (`6`): paging, selection by UUID, the inspector, resend and test
/// keys, and its frames at 80×24 and 60×18.
@Suite struct NotificationsScreenTests {
  /// 2026-12-01T10:00:00Z.
  static let start = Date(timeIntervalSince1970: 1_796_119_200)

  static func row(_ sequence: Int64, _ state: NotificationRow.DeliveryState) -> NotificationRow {
    let uuid = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", sequence))!
    return NotificationRow(
      sequence: sequence, id: uuid, signedDate: start.addingTimeInterval(Double(sequence) * 60),
      type: sequence % 2 == 0 ? "DID_RENEW" : "SUBSCRIBED",
      subtype: sequence % 2 == 0 ? nil : "INITIAL_BUY", transactionID: UInt64(sequence),
      deliveries: [
        NotificationRow.Delivery(url: "http://127.0.0.1:9000/asn", attempts: 1, state: state)
      ],
      payloadJSON: """
        {
          "notificationType" : "\(sequence % 2 == 0 ? "DID_RENEW" : "SUBSCRIBED")",
          "notificationUUID" : "\(uuid.uuidString.lowercased())",
          "data" : {
            "bundleId" : "dev.storeterm.demo",
            "signedTransactionInfo" : "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlCa2pDQ0FUaWdBd0lCQWdJQkFUQUtCZ2dxaGtqT1BRUURBakFzTVNvd0tBWURWUVFEREJGemRHOXlaWFJsY20wZ2RHVnpkQ0J5YjI5MCJdfQ",
            "evil" : "\u{1B}]0;pwned\u{07}"
          }
        }
        """)
  }

  /// Newest first: 5 delivered, 4 failing with a retry, 3 waiting.
  static let page = NotificationPage(
    before: nil,
    rows: [
      row(5, .delivered(start.addingTimeInterval(301))),
      row(
        4,
        .failed(
          status: 500, result: "UNSUCCESSFUL_HTTP_RESPONSE_CODE",
          nextRetry: start.addingTimeInterval(3_840))),
      row(3, .waiting),
    ], hasOlder: true)

  private func updated(
    _ state: AppState, _ action: AppAction
  ) -> (state: AppState, effects: [AppEffect]) {
    var state = state
    let effects = StoreTermApp.update(&state, action)
    return (state, effects)
  }

  static func listed(readOnly: Bool = false) -> AppState {
    var state = Fixtures.state(screen: .notifications, readOnly: readOnly)
    _ = StoreTermApp.update(&state, .notifications(.loaded(page)))
    return state
  }

  @Test func showingTheScreenWatchesOnceAndReadsTheNewestPage() {
    let shown = updated(Fixtures.state(), .show(.notifications))
    #expect(
      shown.effects == [
        .notifications(.watch), .notifications(.load(before: nil, limit: 50)),
      ])
    #expect(
      updated(shown.state, .show(.notifications)).effects == [
        .notifications(.load(before: nil, limit: 50))
      ])
    #expect(
      StoreTermApp.action(for: .key(.char("6")), in: Fixtures.state()) == .show(.notifications))
  }

  @Test func theSelectionFollowsTheUUIDWhenNewerNotificationsArrive() {
    var state = Self.listed()
    _ = StoreTermApp.update(&state, .move(1))
    #expect(NotificationsScreen.selected(state)?.sequence == 4)
    let changed = updated(state, .notifications(.changed))
    #expect(changed.effects == [.notifications(.load(before: nil, limit: 50))])
    var newer = Self.page
    newer.rows.insert(Self.row(6, .waiting), at: 0)
    state = updated(changed.state, .notifications(.loaded(newer))).state
    #expect(NotificationsScreen.selected(state)?.sequence == 4)
    #expect(state.notifications.rows.map(\.sequence) == [6, 5, 4, 3])
  }

  @Test func reachingTheLastRowReadsTheNextOlderPageOnce() {
    var state = Self.listed()
    let moved = updated(state, .moveToLast)
    #expect(moved.effects == [.notifications(.load(before: 3, limit: 50))])
    #expect(updated(moved.state, .move(1)).effects.isEmpty)
    state =
      updated(
        moved.state,
        .notifications(
          .loaded(NotificationPage(before: 3, rows: [Self.row(2, .waiting)], hasOlder: false)))
      ).state
    #expect(state.notifications.rows.map(\.sequence) == [5, 4, 3, 2])
    #expect(!state.notifications.hasOlder)
    #expect(updated(state, .moveToLast).effects.isEmpty)
  }

  @Test func resendAndTestNotificationKeysAskTheRunner() {
    let state = Self.listed()
    let resend = StoreTermApp.action(for: .key(.char("r")), in: state)
    #expect(resend == .notifications(.resend))
    #expect(
      updated(state, .notifications(.resend)).effects == [.notifications(.resend(sequence: 5))])
    #expect(updated(state, .notifications(.sendTest)).effects == [.notifications(.sendTest)])
    let done = updated(state, .notifications(.finished(.testQueued(token: "T1"))))
    #expect(done.effects == [.notifications(.load(before: nil, limit: 50))])
    #expect(done.state.toast == Toast("Test notification T1 is in the outbox.", kind: .success))
    // The runner reports what happened; the sentence is made here, in the catalog's language.
    var german = state
    german.snapshot.locale = "de_DE"
    let gone = updated(german, .notifications(.finished(.gone)))
    #expect(gone.effects == [])
    #expect(
      gone.state.toast == Toast("Diese Mitteilung ist nicht mehr im Postausgang.", kind: .error))
    let readOnly = Self.listed(readOnly: true)
    #expect(StoreTermApp.action(for: .key(.char("t")), in: readOnly) == .refused("read-only"))
  }

  @Test func deliveryFaultAndRetryNowKeysAskTheRunnerAndTheTitleShowsTheFault() {
    var state = Self.listed()
    let url = "http://127.0.0.1:9000/asn"
    #expect(StoreTermApp.action(for: .key(.char("R")), in: state) == .notifications(.retryNow))
    #expect(updated(state, .notifications(.retryNow)).effects == [.notifications(.retryNow)])
    // `F` steps the selected notification's URL through drop, delay, duplicate, reorder, none.
    #expect(StoreTermApp.action(for: .key(.char("F")), in: state) == .notifications(.nextFault))
    var steps: [String?] = []
    for words in [nil, "drop", "delay 60s", "duplicate", "reorder"] {
      state.notifications.faults = words.map { [url: $0] } ?? [:]
      guard
        case .notifications(.setFault(_, let kind)) = updated(
          state, .notifications(.nextFault)
        ).effects.first
      else { continue }
      steps.append(kind)
    }
    #expect(steps == ["drop", "delay", "duplicate", "reorder", nil])
    var page = Self.page
    page.faults = [url: "drop (1 left)"]
    let faulty = updated(state, .notifications(.loaded(page))).state
    #expect(faulty.notifications.faults == [url: "drop (1 left)"])
    let done = updated(state, .notifications(.finished(.faultSet(url: url, fault: "duplicate"))))
    #expect(done.state.toast == Toast("Delivery fault at \(url): duplicate.", kind: .success))
    let retried = updated(state, .notifications(.finished(.retried(2))))
    #expect(
      retried.state.toast
        == Toast("Retries due now: 2; held notifications released.", kind: .success))
    let readOnly = Self.listed(readOnly: true)
    #expect(StoreTermApp.action(for: .key(.char("R")), in: readOnly) == .refused("read-only"))
  }

  @Test func theDeliveryStateInWords() {
    let snapshot = Fixtures.state().snapshot
    #expect(
      NotificationsScreen.delivery(.delivered(Self.start), snapshot: snapshot)
        == "delivered 2026-12-01 10:00")
    #expect(
      NotificationsScreen.delivery(
        .failed(status: 500, result: "UNSUCCESSFUL_HTTP_RESPONSE_CODE", nextRetry: Self.start),
        snapshot: snapshot) == "failed: HTTP 500 · retry 2026-12-01 10:00")
    #expect(
      NotificationsScreen.delivery(
        .failed(status: nil, result: "NO_RESPONSE", nextRetry: nil), snapshot: snapshot)
        == "failed: NO_RESPONSE · no more retries")
  }

  @Test func frames() {
    for size in [Size(width: 80, height: 24), Size(width: 60, height: 18)] {
      var state = Self.listed()
      state.size = size
      assertSnapshot(StoreTermApp.view(state, size: size), named: "notifications-\(size)")
      _ = StoreTermApp.update(&state, .notifications(.toggleInspector))
      // The payload's escape sequence is shown escaped, never sent.
      let screen = StoreTermApp.view(state, size: size)
      assertSnapshot(screen, named: "notification-inspector-\(size)")
    }
  }
}
