import Foundation

/// Apple's rules for a multiseat purchase (iOS 27.3's `.seats(_:)`).
enum MultiSeatRules {
  /// How the App Store hosts invitations in storeterm: Apple, for every new purchase.
  ///
  /// Apple documents `APPLE` (each member gets an `ASSIGNED` transaction, ``SeatRules``) and
  /// `DEVELOPER` (the app's server claims seats through endpoints storeterm does not serve). A
  /// subscription keeps the value it was bought with, as Apple's do.
  static let invitationManagement = TransactionMultiSeatInfo.apple

  /// The seats a purchase of `seats` seats of `product` buys at each price.
  ///
  /// - Throws: `multiSeatPurchaseDisabled` when the product is not sold by seat ("The purchase
  ///   fails with this error when you add the `seats(_:)` purchase option for a product that
  ///   isn't enabled for multiseat purchases"); `invalidQuantity` for a seat count outside its
  ///   tiers.
  static func seats(_ seats: Int, of product: CatalogProduct) throws -> TransactionMultiSeatInfo {
    guard let tiers = product.subscription?.seatPriceTiers, !tiers.isEmpty else {
      throw PurchaseRefusal.multiSeatPurchaseDisabled
    }
    guard let split = CatalogProduct.SeatPriceTier.split(seats, over: tiers) else {
      throw PurchaseRefusal.invalidQuantity
    }
    return TransactionMultiSeatInfo(
      invitationManagement: invitationManagement,
      priceTiers: split.map {
        .init(tierPrice: TransactionFactory.milliunits($0.price), tierQuantity: $0.quantity)
      })
  }

  /// A multiseat transaction's `price`: "the average price per seat", in milliunits, rounded
  /// down.
  static func averagePrice(_ info: TransactionMultiSeatInfo) -> Int64 {
    let total = info.priceTiers.reduce(Int64(0)) { $0 + $1.tierPrice * Int64($1.tierQuantity) }
    return total / Int64(max(1, info.seats))
  }
}
