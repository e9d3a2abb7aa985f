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
  private struct Key: Hashable {
    var engine: ObjectIdentifier
    var customerID: String
  }

  private static let stored = Mutex<[Key: SignedAppTransaction]>([:])

  /// The kept app transaction of `configuration`'s account, signed on the first read.
  static func shared(
    _ configuration: StoreKitRuntime.Configuration
  ) throws -> SignedAppTransaction {
    let key = Key(
      engine: ObjectIdentifier(configuration.engine), customerID: configuration.customerID)
    if let kept = stored.withLock({ $0[key] }) {
      // A simulated failure applies to a kept copy too, as Xcode's does.
      if let failure = configuration.engine.session.failures[.appTransaction] {
        throw failure.error
      }
      return kept
    }
    return try refresh(configuration)
  }

  /// A newly signed app transaction, kept in place of the previous one.
  static func refresh(
    _ configuration: StoreKitRuntime.Configuration
  ) throws -> SignedAppTransaction {
    let signed = try configuration.engine.appTransaction(customerID: configuration.customerID)
    let key = Key(
      engine: ObjectIdentifier(configuration.engine), customerID: configuration.customerID)
    stored.withLock { $0[key] = signed }
    return signed
  }
}
