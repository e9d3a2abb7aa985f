import Foundation
import StoreCore
import StorePersistence

/// Delivers the outbox: posts each due notification of the app to each URL, records every
/// attempt in the ledger, and schedules retries on Apple's schedule until one is acknowledged.
///
/// State lives only in the ledger's database: a crash loses nothing (what was not recorded as
/// delivered is posted again) and an acknowledged notification is never posted again to that
/// URL. Each round claims what is due through the outbox's port: on PostgreSQL the claim holds
/// the rows (`FOR UPDATE SKIP LOCKED`) until the attempts are recorded, so several `serve`s
/// never post the same notification.
public struct NotificationDelivery: Sendable {
  let outbox: any NotificationOutboxStore
  let urls: [URL]
  let identity: SignedDataConfiguration
  let clock: any StoreClock
  let poster: NotificationPoster

  /// Delivers notifications of `identity`'s app to `urls`, at `clock`'s simulated time.
  public init(
    ledger: SQLiteLedger, urls: [URL], identity: SignedDataConfiguration, clock: any StoreClock,
    poster: NotificationPoster = NotificationPoster()
  ) {
    self.init(
      outbox: NotificationOutbox(ledger: ledger), urls: urls, identity: identity, clock: clock,
      poster: poster)
  }

  /// Delivers notifications of `identity`'s app from `outbox` (either backend's) to `urls`.
  public init(
    outbox: any NotificationOutboxStore, urls: [URL], identity: SignedDataConfiguration,
    clock: any StoreClock, poster: NotificationPoster = NotificationPoster()
  ) {
    self.outbox = outbox
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
      let claim = try outbox.claimDue(
        url: url.absoluteString, bundleID: identity.bundleId, environment: identity.environment,
        now: clock.now(), limit: Self.claimLimit)
      do {
        made += try await deliver(claim, to: url, fault: faults[url.absoluteString])
        try claim.commit()
      } catch {
        claim.release()
        throw error
      }
    }
    return made
  }

  /// Deliveries claimed at once per URL.
  ///
  /// Another `serve` skips the rows a claim holds rather than waiting for them, and each post
  /// is within the poster's bound, itself within the database session's bound on an idle
  /// transaction.
  static let claimLimit = 100

  /// Posts what `claim` holds for `url` as `fault` says; returns the attempts made.
  private func deliver(_ claim: any DeliveryClaim, to url: URL, fault: DeliveryFault?)
    async throws -> Int
  {
    var made = 0
    for step in DeliveryFaultPlan.steps(claim.due, fault: fault, now: clock.now()) {
      switch step {
      case .post(let delivery):
        try await attempt(delivery, to: url, claim: claim)
      case .postTwice(let delivery):
        try await attempt(delivery, to: url, claim: claim)
        var again = delivery
        again.attempts += 1
        try await attempt(again, to: url, claim: claim)
        try outbox.consumeFault(url: url.absoluteString)
      case .drop(let delivery):
        try record(delivery, status: nil, result: "NO_RESPONSE", claim: claim)
        try outbox.consumeFault(url: url.absoluteString)
      }
      made += 1
    }
    return made
  }

  /// Posts `delivery` to `url` and records the answer through `claim`.
  private func attempt(_ delivery: DueDelivery, to url: URL, claim: any DeliveryClaim)
    async throws
  {
    let answer = await poster.post(delivery.signedPayload, to: url)
    try record(delivery, status: answer.status, result: answer.result, claim: claim)
  }

  /// Records an attempt at `delivery` that ended with `result`; a failure is retried on
  /// Apple's schedule.
  private func record(
    _ delivery: DueDelivery, status: Int?, result: String, claim: any DeliveryClaim
  ) throws {
    let now = clock.now()
    let delivered = result == "SUCCESS"
    let attempt = SendAttempt(date: now, result: result, httpStatus: status, url: delivery.url)
    try claim.record(
      attempt, sequence: delivery.sequence, delivered: delivered,
      nextAttempt: delivered
        ? nil
        : RetrySchedule.nextAttempt(afterFailedAttempts: delivery.attempts + 1, last: now))
  }
}
