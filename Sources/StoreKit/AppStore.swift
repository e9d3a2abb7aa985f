import Foundation

/// StoreKit's `AppStore`: restoring purchases and what the device may do.
public enum AppStore {
  /// Whether the customer may make payments (Screen Time can forbid it on a device).
  public static var canMakePayments: Bool { true }

  /// Restores purchases: syncs the device with the App Store.
  ///
  /// Call it only when the customer asks (a Restore Purchases button); StoreKit shows a sign-in
  /// prompt.
  ///
  /// - Throws: the session's simulated App Store Sync failure, if any.
  public static func sync() async throws {
    let configuration = try StoreKitRuntime.configuration()
    if let failure = configuration.engine.session.failures[.appStoreSync] {
      throw failure.error
    }
    // The simulated App Store and the device share one ledger: nothing is out of sync.
  }
}

extension Storefront {
  /// The storefront of the signed-in account.
  public static var current: Storefront? {
    get async {
      guard let configuration = try? StoreKitRuntime.configuration() else { return nil }
      return configuration.engine.catalog.storefront
    }
  }

  /// Storefront changes; storeterm's storefront only changes when the session changes it.
  public static var updates: AsyncStream<Storefront> {
    AsyncStream { continuation in
      Task {
        if let current = await current { continuation.yield(current) }
      }
    }
  }

  /// The currency of prices in this storefront.
  public var currency: Locale.Currency? { Locale.Currency(currencyCode) }
}
