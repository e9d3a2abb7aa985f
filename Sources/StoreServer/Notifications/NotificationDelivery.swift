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

  /// Makes every attempt due now, oldest first; returns how many were made.
  @discardableResult
  public func deliverDue() async throws -> Int {
    var made = 0
    for url in urls {
      let due = try outbox.due(
        url: url.absoluteString, bundleID: identity.bundleId, environment: identity.environment,
        now: clock.now(), limit: 100)
      for delivery in due {
        let answer = await poster.post(delivery.signedPayload, to: url)
        let now = clock.now()
        let delivered = answer.result == "SUCCESS"
        let attempt = SendAttempt(
          date: now, result: answer.result, httpStatus: answer.status, url: delivery.url)
        try outbox.record(
          attempt, sequence: delivery.sequence, delivered: delivered,
          nextAttempt: delivered
            ? nil
            : RetrySchedule.nextAttempt(afterFailedAttempts: delivery.attempts + 1, last: now))
        made += 1
      }
    }
    return made
  }
}
