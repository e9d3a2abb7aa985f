import Foundation
import StoreCore
import StorePersistence
import StoreServer
import StoreTermApp

/// The Notifications screen's effects against the ledger's outbox: keyset pages (newest first),
/// a watch for other processes' notifications and attempts, resends, and test notifications
/// through the same code as the server's Request a Test Notification.
struct NotificationsClient {
  /// The outbox, SQLite's or PostgreSQL's.
  let outbox: any NotificationOutboxStore
  let clock: any StoreClock
  let factory: ServerNotificationFactory
  /// How often the watch looks at the outbox.
  var pollInterval: Duration = .milliseconds(250)

  /// Carries out `effect`, answering with `send`; the watch runs until the task is cancelled.
  func run(_ effect: NotificationsEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .watch:
      await watch(send)
    case .load(let before, let limit):
      send(.notifications(load(before: before, limit: limit)))
    case .resend(let sequence):
      send(.notifications(resend(sequence)))
    case .sendTest:
      send(.notifications(sendTest()))
    case .retryNow:
      send(.notifications(retryNow()))
    case .setFault(let url, let kind):
      send(.notifications(setFault(url: url, kind: kind)))
    }
  }

  /// Reads one page; a failed read is a message.
  func load(before: Int64?, limit: Int) -> NotificationsAction {
    do {
      let page = try outbox.page(before: before, limit: limit)
      var loaded = NotificationPage(
        before: before, rows: page.entries.map(Self.row), hasOlder: page.hasOlder)
      loaded.faults = try outbox.faults().mapValues(\.words)
      return .loaded(loaded)
    } catch {
      return .finished(.unreadable("\(error)"))
    }
  }

  func resend(_ sequence: Int64) -> NotificationsAction {
    do {
      guard try outbox.resend(sequence: sequence, now: clock.now()) else {
        return .finished(.gone)
      }
      return .finished(.resent(sequence: sequence))
    } catch {
      return .finished(.resendFailed("\(error)"))
    }
  }

  func retryNow() -> NotificationsAction {
    do {
      return .finished(.retried(try outbox.retryNow(url: nil, now: clock.now())))
    } catch {
      return .finished(.faultFailed("\(error)"))
    }
  }

  /// Sets `url`'s fault to `kind` as `storeterm notifications fault` does (a delay of 60 s).
  func setFault(url: String, kind: String?) -> NotificationsAction {
    do {
      let fault = kind.flatMap(DeliveryFault.Kind.init(rawValue:)).map {
        DeliveryFault(kind: $0, delay: $0 == .delay ? 60 : 0)
      }
      try outbox.setFault(fault, url: url)
      return .finished(.faultSet(url: url, fault: fault?.words))
    } catch {
      return .finished(.faultFailed("\(error)"))
    }
  }

  func sendTest() -> NotificationsAction {
    do {
      let sent = try TestNotificationRequest.send(with: factory, into: outbox)
      return .finished(.testQueued(token: sent.token))
    } catch {
      return .finished(.testFailed("\(error)"))
    }
  }

  /// Sends `changed` whenever the outbox's stamp moves (a notification written or an attempt
  /// recorded, by any process).
  private func watch(_ send: @escaping @Sendable (AppAction) -> Void) async {
    var last = try? outbox.stamp()
    while !Task.isCancelled {
      try? await Task.sleep(for: pollInterval)
      guard let stamp = try? outbox.stamp(), stamp != last else { continue }
      last = stamp
      send(.notifications(.changed))
    }
  }

  /// An outbox entry as the screen shows it, with its payload decoded and pretty-printed.
  static func row(_ entry: OutboxEntry) -> NotificationRow {
    let notification = entry.notification
    let payload =
      CompactJWSPayload.bytes(of: notification.signedPayload)
      .flatMap { try? JSONParser.parse($0) }?.prettyText ?? notification.signedPayload
    return NotificationRow(
      sequence: entry.sequence, id: notification.uuid, signedDate: notification.signedDate,
      type: notification.kind.type.rawValue, subtype: notification.kind.subtype?.rawValue,
      transactionID: notification.transactionID,
      deliveries: entry.deliveries.map { delivery in
        let state: NotificationRow.DeliveryState =
          if let date = delivery.deliveredDate {
            .delivered(date)
          } else if delivery.attempts == 0 {
            .waiting
          } else {
            .failed(
              status: delivery.lastStatus, result: delivery.lastResult,
              nextRetry: delivery.nextAttemptDate)
          }
        return NotificationRow.Delivery(
          url: delivery.url, attempts: delivery.attempts, state: state)
      },
      payloadJSON: payload)
  }
}
