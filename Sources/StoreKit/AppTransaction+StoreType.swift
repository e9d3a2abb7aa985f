import Foundation

extension AppTransaction {
  /// The store the customer got the app from (iOS 27).
  ///
  /// Raw values are the App Store Server API's `storeType` strings; Apple documents `CONSUMER`
  /// and names the other two only in StoreKit, so their raw values follow the same form.
  public struct StoreType: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value, as the App Store sends it (`CONSUMER`).
    public let rawValue: String

    /// Creates a store type from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The App Store for consumers.
    public static let consumer = StoreType(rawValue: "CONSUMER")
    /// The store for businesses.
    public static let enterprise = StoreType(rawValue: "ENTERPRISE")
    /// The store for schools.
    public static let education = StoreType(rawValue: "EDUCATION")
  }
}
