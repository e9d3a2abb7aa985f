import Foundation
import StoreCore

/// The App Store: what the device may do, and restoring purchases.
public enum AppStore {
  /// Whether the customer may make payments (Screen Time can forbid it on a device).
  public static var canMakePayments: Bool { true }

  /// The identifier the App Store hashes with a nonce into each transaction's
  /// `deviceVerification`, or nil when no App Store is configured.
  public static var deviceVerificationID: UUID? {
    guard let configuration = try? StoreKitRuntime.configuration(),
      let customer = try? configuration.engine.customer(configuration.customerID)
    else { return nil }
    return customer.deviceVerificationID
  }

  /// Restores purchases: syncs the device with the App Store.
  ///
  /// Call it only when the customer asks (a Restore Purchases button).
  ///
  /// - Throws: `StoreKitError` (a simulated App Store Sync failure).
  public static func sync() async throws {
    let configuration = try StoreKitRuntime.configurationForChange()
    try StoreKitRuntime.call(.appStoreSync) {
      if let failure = configuration.engine.session.failures[.appStoreSync] { throw failure.error }
    }
    // The simulated App Store and the device share one ledger: nothing is out of sync.
  }

  /// The App Store environment that signed a transaction.
  public struct Environment: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as the App Store sends it (`Sandbox`).
    public let rawValue: String

    /// Creates an environment from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The App Store.
    public static let production = Environment(rawValue: "Production")
    /// The sandbox.
    public static let sandbox = Environment(rawValue: "Sandbox")
    /// Xcode's StoreKit testing (storeterm's default).
    public static let xcode = Environment(rawValue: "Xcode")

    init(_ environment: AppStoreEnvironment) { self.init(rawValue: environment.rawValue) }
  }

  /// The platform on which a customer bought an app.
  public struct Platform: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as the App Store sends it (`iOS`).
    public let rawValue: String

    /// Creates a platform from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// iPhone and iPad.
    public static let iOS = Platform(rawValue: "iOS")
    /// Mac.
    public static let macOS = Platform(rawValue: "macOS")
    /// Apple TV.
    public static let tvOS = Platform(rawValue: "tvOS")
    /// Apple Vision Pro.
    public static let visionOS = Platform(rawValue: "visionOS")
    /// A device an organization manages (iOS 27); Apple documents no server value, so the raw
    /// value follows the others' form.
    public static var managed: Platform { Platform(rawValue: "managed") }
  }

  /// The app's age rating code for the storefront (iOS 26.2); nil, as storeterm's catalogs
  /// carry no rating.
  public static var ageRatingCode: Int? {
    get async { nil }
  }
}
