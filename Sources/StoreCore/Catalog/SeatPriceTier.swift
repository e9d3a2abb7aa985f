import Foundation

extension CatalogProduct {
  /// One tier of a subscription sold by seat: the price of each seat for a range of seat counts.
  public struct SeatPriceTier: Sendable, Equatable {
    /// The fewest seats of the tier.
    public let minimumSeats: Int
    /// The most seats of the tier; nil for the last, unbounded tier.
    public let maximumSeats: Int?
    /// The price per seat for each billing period.
    public let price: Decimal
    /// `price` formatted for the storefront.
    public let displayPrice: String

    /// Creates a tier.
    public init(minimumSeats: Int, maximumSeats: Int?, price: Decimal, displayPrice: String) {
      self.minimumSeats = minimumSeats
      self.maximumSeats = maximumSeats
      self.price = price
      self.displayPrice = displayPrice
    }

    /// How `seats` seats fill `tiers`: Apple's example "8 seats against tiers of 5 seats at $9.99
    /// and more seats at $7.99 use two tiers: 5 seats at $9.99 and 3 seats at $7.99", so each
    /// tier takes the seats of its range, from the first; nil when `seats` is outside them.
    public static func split(_ seats: Int, over tiers: [SeatPriceTier])
      -> [(price: Decimal, quantity: Int)]?
    {
      guard seats >= 1, let last = tiers.last, seats <= last.maximumSeats ?? Int.max else {
        return nil
      }
      var result: [(price: Decimal, quantity: Int)] = []
      for tier in tiers where tier.minimumSeats <= seats {
        let top = min(seats, tier.maximumSeats ?? seats)
        result.append((tier.price, top - tier.minimumSeats + 1))
      }
      return result
    }
  }
}
