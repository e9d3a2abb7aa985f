import Foundation

/// A simulated App Store account.
public struct Customer: Sendable, Equatable {
  /// The identifier (`--customer`); `default` for the account every install starts with.
  public var id: String
  /// A display name.
  public var name: String
  /// An email address.
  public var email: String
  /// The account's storefront (ISO 3166-1 alpha-3).
  public var storefront: String
  /// The family the account shares purchases with, if any.
  public var familyGroup: String?
  /// The device's `AppStore.deviceVerificationID`, hashed into every transaction's
  /// `deviceVerification`.
  public var deviceVerificationID: UUID
  /// When the account first used the app (the app transaction's original purchase date).
  public var createdDate: Date

  /// The app transaction's identifier (`appTransactionId`): one per account and app, the same in
  /// every transaction, renewal info and app transaction signed for this customer.
  ///
  /// Derived from the stored `deviceVerificationID`, so it needs no column and never changes;
  /// 18 digits, as the App Store's identifiers are.
  public var appTransactionID: String {
    // FNV-1a over all 16 bytes: injected identifiers differ only in their last bytes.
    let bytes = withUnsafeBytes(of: deviceVerificationID.uuid) { Array($0) }
    let value = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) {
      ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3
    }
    return String(100_000_000_000_000_000 + value % 900_000_000_000_000_000)
  }

  /// The identifier of the account that exists from the first run.
  public static let defaultID = "default"

  /// The prefixes of the keys imported App Store data is filed under; a local account using
  /// one would be mixed with the imported customer in `customer` and `customers`.
  public static let reservedPrefixes = ["original:", "token:"]

  /// Why `id` cannot identify an account, or nil when it can.
  ///
  /// 1 to 200 characters, none of them whitespace, a separator, a control or a format
  /// character (bidi controls), and not a key reserved for imported customers: the rule family
  /// names follow, widened to Unicode.
  public static func problem(withID id: String) -> String? {
    guard (1...200).contains(id.count) else {
      return "an account identifier must be 1 to 200 characters"
    }
    let unprintable = id.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned,
        .surrogate, .privateUse:
        true
      default: scalar.properties.isWhitespace
      }
    }
    if unprintable {
      return "an account identifier must be printable, with no spaces or control characters"
    }
    // Any case: `ORIGINAL:1` would read as the imported `original:1` to a person.
    if let prefix = reservedPrefixes.first(where: { id.lowercased().hasPrefix($0) }) {
      return "'\(prefix)' is reserved for imported App Store customers"
    }
    return nil
  }

  /// Creates a customer.
  public init(
    id: String, name: String, email: String, storefront: String, familyGroup: String? = nil,
    deviceVerificationID: UUID, createdDate: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.createdDate = createdDate
    self.id = id
    self.name = name
    self.email = email
    self.storefront = storefront
    self.familyGroup = familyGroup
    self.deviceVerificationID = deviceVerificationID
  }
}
