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

  /// The identifier of the account that exists from the first run.
  public static let defaultID = "default"

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
