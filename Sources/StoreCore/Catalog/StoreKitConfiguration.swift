/// An Xcode StoreKit configuration file (`.storekit`) as storeterm understands it.
///
/// Holds the file's products exactly as configured (prices as numbers, every localization);
/// ``ProductCatalog`` turns them into the localized ``Product`` values a customer sees.
public struct StoreKitConfiguration: Sendable, Equatable {
  /// The `version` written in the file, such as 4.0.
  public var version: FormatVersion
  /// The file's `identifier`, absent before format 1.1.
  public var identifier: String?
  /// The `settings` object, with StoreKit's defaults for whatever the file leaves out.
  public var settings: StoreKitSettings
  /// Consumables, non-consumables and non-renewing subscriptions, in file order.
  public var products: [ConfiguredProduct]
  /// Subscription groups and their auto-renewable subscriptions, in file order.
  public var subscriptionGroups: [ConfiguredSubscriptionGroup]
  /// Problems in the data that storeterm worked around, one sentence each (always worth showing).
  public var warnings: [String]
  /// What was ignored, such as unknown keys (shown with `--verbose`).
  public var notes: [String]
  /// The products sold as Advanced Commerce generic products (storeterm's top-level
  /// `_advancedCommerceProductIDs`; Xcode's format has no key for them).
  public var advancedCommerceProductIDs: Set<String> = []
  /// Xcode's local signing key (`subscriptionOffersKeyPair`): the key a developer's requests
  /// signed for this configuration are checked against.
  public var subscriptionOffersKey: SubscriptionOffersKey?

  /// Xcode's `subscriptionOffersKeyPair`: a key ID and a base64 PKCS #8 P-256 private key.
  public struct SubscriptionOffersKey: Sendable, Equatable {
    /// The key ID (`kid` in a request's header).
    public var id: String
    /// The base64 DER PKCS #8 private key, as Xcode writes it.
    public var privateKey: String

    /// Creates a key.
    public init(id: String, privateKey: String) {
      self.id = id
      self.privateKey = privateKey
    }
  }

  /// Creates a configuration.
  public init(
    version: FormatVersion, identifier: String? = nil, settings: StoreKitSettings = .init(),
    products: [ConfiguredProduct] = [], subscriptionGroups: [ConfiguredSubscriptionGroup] = [],
    warnings: [String] = [], notes: [String] = []
  ) {
    self.version = version
    self.identifier = identifier
    self.settings = settings
    self.products = products
    self.subscriptionGroups = subscriptionGroups
    self.warnings = warnings
    self.notes = notes
  }

  /// Every product of the file: products and non-renewing subscriptions, then each group's
  /// subscriptions.
  public var allProductIDs: [String] {
    products.map(\.productID) + subscriptionGroups.flatMap { $0.subscriptions.map(\.productID) }
  }

  /// The `major.minor` format version of a configuration file.
  public struct FormatVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The major version (1 through 6 are known).
    public var major: Int
    /// The minor version.
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
      self.major = major
      self.minor = minor
    }

    /// `major.minor`.
    public var description: String { "\(major).\(minor)" }

    /// Orders by major, then minor.
    public static func < (lhs: FormatVersion, rhs: FormatVersion) -> Bool {
      (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
  }
}
