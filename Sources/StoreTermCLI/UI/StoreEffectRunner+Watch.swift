import StoreCore
@_spi(StoreTerm) import StoreKit
import StorePostgres
import StoreTermApp

/// The runner's watch: what other processes change in the ledger reaches this process's app.
extension StoreEffectRunner {
  /// How many quiet ticks pass between looks when the ledger tells the watch of commits
  /// (PostgreSQL's `NOTIFY`): the fallback poll, for a notification lost with its connection.
  static let ticksBetweenFallbackLooks = 10

  /// Looks at the ledger for changes made by other processes (`storeterm manage approve 3` in
  /// a second terminal): their transactions never reach this process's `Transaction.updates`,
  /// so the store delivers them as unfinished transactions, as an app does at its next launch.
  ///
  /// On SQLite every tick looks (a poll). On PostgreSQL a look follows each commit's
  /// notification at once, and otherwise every ``ticksBetweenFallbackLooks`` ticks.
  func watch(_ send: @escaping @Sendable (AppAction) -> Void) async {
    var quietTicks = 0
    while !Task.isCancelled {
      let changed = await changes.wait(upTo: pollInterval)
      if Task.isCancelled { return }
      // The front end's only clock for status messages: real time, sent in as an action.
      send(.tick(realTime()))
      quietTicks = changed ? 0 : quietTicks + 1
      guard changed || quietTicks >= Self.ticksBetweenFallbackLooks else { continue }
      quietTicks = 0
      await takeInOtherProcesses(send)
    }
  }

  /// One look of the watch: what other processes changed in the ledger (the clock, session
  /// switches, declines, transactions to deliver) reaches the store, then a snapshot goes out.
  ///
  /// The tick is where time moves for the UI: what fell due since the last one (renewals,
  /// billing failures, expiries) is generated here, so building the snapshot only reads.
  func takeInOtherProcesses(_ send: @escaping @Sendable (AppAction) -> Void) async {
    if context.ledgerFile?.isReplaced == true { await reopenLedger() }
    await StoreKitRuntime.withConfiguration(context.runtime) { await lookAtTheLedger(send) }
  }

  /// Opens the ledger file that took the place of the one this runner opened (the state folder
  /// was emptied and another process created a ledger there): the same customer, on the new
  /// file, as a customer switch opens one; the next snapshot is the new ledger's.
  private func reopenLedger() async {
    let customerID = context.customerID
    do {
      try await StoreKitRuntime.withConfiguration(context.runtime) {
        try await switchCustomer(to: customerID)
      }
      log.write("watch: the ledger file was replaced; opened the new one")
    } catch {
      log.write("watch: the ledger file was replaced and cannot be opened: \(error)")
    }
  }

  private func lookAtTheLedger(_ send: @escaping @Sendable (AppAction) -> Void) async {
    do {
      try clock.refresh()
      if try controls.refreshSession() { await storeClient.reloadProducts() }
      let events = try reader.newEvents()
      let mine = events.filter { $0.customerID == context.customerID }
      for event in mine where event.kind == .declined {
        if let productID = event.productID { storeClient.askToBuyDeclined(productID: productID) }
      }
      // A purchase intent another process sent (`storeterm purchase-intent`) reaches the
      // app's `PurchaseIntent.intents` as the App Store's would.
      for event in mine where event.kind == .purchaseIntentSent {
        context.engine.deliverPurchaseIntent(of: event)
      }
      // Nothing due is one indexed read; renewals reach this process's listener as they
      // are made. A seat that cannot write (`--read-only`) leaves it to the next process
      // that can, and still shows what others changed.
      _ = try? controls.catchUp()
      // Another customer's change can change this one's access: a family member's renewal,
      // billing failure or refund reaches the copies shared with them, and a member leaving
      // ends the sharing. So any change is taken in, not only the customer's own.
      if !events.isEmpty { await storeClient.recoverUnfinished() }
      connectionLost = false
    } catch {
      log.write("watch: \(error)")
      // A PostgreSQL server that went away (a restart, a dropped network) is said once, on the
      // status line; the next look that reaches it again (each read connects anew) carries on.
      if let lost = error as? PostgresError,
        lost.kind == .connectionLost || lost.kind == .unreachable,
        !connectionLost
      {
        connectionLost = true
        send(.finished(.refused(Refusal(error))))
      }
    }
    await publish(send, rereadingCustomers: false)
  }
}
