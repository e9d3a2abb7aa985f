import Foundation
import StoreCore
import Synchronization

/// The app transaction a "device" keeps: `AppTransaction.shared` returns the one signed
/// earlier, with the same JWS and `signedDate`, until `AppTransaction.refresh()` asks the App
/// Store again (Apple's `shared` reads the copy on the device).
///
/// Kept per engine and account, so another App Store in the same process (a scoped command,
/// a test's own store) or another account never reads this one's copy.
enum AppTransactionCache {
  /// One engine's copies by customer.
  ///
  /// The engine is held weakly and compared by identity: an object identifier alone could name
  /// a later engine allocated at the same address.
  private struct Entry {
    weak var engine: StoreEngine?
    var byCustomer: [String: SignedAppTransaction]
  }

  private static let stored = Mutex<[ObjectIdentifier: Entry]>([:])

  /// The kept app transaction of `configuration`'s account, signed on the first read.
  static func shared(
    _ configuration: StoreKitRuntime.Configuration
  ) throws -> SignedAppTransaction {
    let engine = configuration.engine
    let kept = stored.withLock { entries -> SignedAppTransaction? in
      guard let entry = entries[ObjectIdentifier(engine)], entry.engine === engine else {
        return nil
      }
      return entry.byCustomer[configuration.customerID]
    }
    guard let kept else { return try refresh(configuration) }
    // A simulated failure applies to a kept copy too, as Xcode's does.
    if let failure = engine.session.failures[.appTransaction] { throw failure.error }
    return kept
  }

  /// A newly signed app transaction, kept in place of the previous one.
  static func refresh(
    _ configuration: StoreKitRuntime.Configuration
  ) throws -> SignedAppTransaction {
    let engine = configuration.engine
    let signed = try engine.appTransaction(customerID: configuration.customerID)
    stored.withLock { entries in
      let key = ObjectIdentifier(engine)
      if entries[key]?.engine !== engine {
        // A new engine, or one at the address of a released one: start afresh, and drop the
        // entries of released engines so the table stays small.
        entries = entries.filter { $0.value.engine != nil }
        entries[key] = Entry(engine: engine, byCustomer: [:])
      }
      entries[key]?.byCustomer[configuration.customerID] = signed
    }
    return signed
  }
}
