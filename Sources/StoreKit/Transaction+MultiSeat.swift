import Foundation

extension Transaction {
  /// The seats of a multiseat purchase (iOS 27.3).
  public struct MultiSeatInfo: Equatable, Hashable, Sendable {
    /// Who manages the invitations to the seats.
    public let invitationManagement: Transaction.MultiSeatInfo.InvitationManagement
    /// The price of each seat count bought.
    public let priceTiers: [Transaction.MultiSeatInfo.PriceTier]

    /// Who manages the invitations to the seats.
    public struct InvitationManagement: RawRepresentable, Equatable, Hashable, Sendable {
      /// The raw value.
      public let rawValue: String

      /// Creates a value from its raw value.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// Apple manages them.
      public static let apple = InvitationManagement(rawValue: "APPLE")
      /// The app manages them; members get no transactions of their own.
      public static let developer = InvitationManagement(rawValue: "DEVELOPER")
    }

    /// A price for a number of seats.
    public struct PriceTier: Equatable, Hashable, Sendable {
      /// The price.
      public let price: Decimal
      /// The number of seats at that price.
      public let quantity: Int
    }
  }

  /// The seats of a multiseat purchase, from the signed `multiSeatInfo`; nil for any other.
  public var multiSeatInfo: Transaction.MultiSeatInfo? {
    payload.multiSeatInfo.map { info in
      MultiSeatInfo(
        invitationManagement: MultiSeatInfo.InvitationManagement(
          rawValue: info.invitationManagement ?? MultiSeatInfo.InvitationManagement.apple.rawValue),
        priceTiers: info.priceTiers.map {
          MultiSeatInfo.PriceTier(price: Decimal($0.tierPrice) / 1000, quantity: $0.tierQuantity)
        })
    }
  }
}
