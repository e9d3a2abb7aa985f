import Foundation
import StoreCore
import StorePersistence

/// Delivers the outbox: posts each due notification of the app to each URL, records every
/// attempt in the ledger, and schedules retries on Apple's schedule until one is acknowledged.
///
/// State lives only in SQLite: a crash loses nothing (what was not recorded as delivered is
/// posted again) and an acknowledged notification is never posted again to that URL.
public struct NotificationDelivery: Sendable {
  let outbox: NotificationOutbox
  let urls: [URL]
  let identity: SignedDataConfiguration
  let clock: any StoreClock
  let poster: NotificationPoster

  /// Delivers notifications of `identity`'s app to `urls`, at `clock`'s simulated time.
  public init(
    ledger: SQLiteLedger, urls: [URL], identity: SignedDataConfiguration, clock: any StoreClock,
    poster: NotificationPoster = NotificationPoster()
  ) {
    outbox = NotificationOutbox(ledger: ledger)
    self.urls = urls
    self.identity = identity
    self.clock = clock
    self.poster = poster
  }

  /// Registers the URLs: each gets every notification written from now on, and keeps what it
  /// was owed when it was registered before.
  public func register() throws {
    for url in urls { try outbox.register(url: url.absoluteString, date: clock.now()) }
  }

  /// Makes every attempt due now, oldest first (under a URL's delivery fault, as
  /// ``DeliveryFaultPlan`` says); returns how many were made, dropped ones included.
  @discardableResult
  public func deliverDue() async throws -> Int {
    var made = 0
    let faults = try outbox.faults()
    for url in urls {
      let due = try outbox.due(
        url: url.absoluteString, bundleID: identity.bundleId, environment: identity.environment,
        now: clock.now(), limit: 100)
      let fault = faults[url.absoluteString]
      for step in DeliveryFaultPlan.steps(due, fault: fault, now: clock.now()) {
        switch step {
        case .post(let delivery):
          try await attempt(delivery, to: url)
        case .postTwice(let delivery):
          try await attempt(delivery, to: url)
          var again = delivery
          again.attempts += 1
          try await attempt(again, to: url)
          try outbox.consumeFault(url: url.absoluteString)
        case .drop(let delivery):
          try record(delivery, status: nil, result: "NO_RESPONSE")
          try outbox.consumeFault(url: url.absoluteString)
        }
        made += 1
      }
    }
    return made
  }

  /// Posts `delivery` to `url` and records the answer.
  private func attempt(_ delivery: DueDelivery, to url: URL) async throws {
    let answer = await poster.post(delivery.signedPayload, to: url)
    try record(delivery, status: answer.status, result: answer.result)
  }

  /// Records an attempt at `delivery` that ended with `result`; a failure is retried on
  /// Apple's schedule.
  private func record(_ delivery: DueDelivery, status: Int?, result: String) throws {
    let now = clock.now()
    let delivered = result == "SUCCESS"
    let attempt = SendAttempt(date: now, result: result, httpStatus: status, url: delivery.url)
    try outbox.record(
      attempt, sequence: delivery.sequence, delivered: delivered,
      nextAttempt: delivered
        ? nil
        : RetrySchedule.nextAttempt(afterFailedAttempts: delivery.attempts + 1, last: now))
  }
}
