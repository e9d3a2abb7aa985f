import Foundation

/// One tier of a subscription sold by seat, as written in the configuration: a price per seat
/// for a range of seat counts.
public struct ConfiguredSeatTier: Sendable, Equatable {
  /// The fewest seats of the tier.
  public var minimumSeats: Int
  /// The most seats of the tier; nil for the last, unbounded tier.
  public var maximumSeats: Int?
  /// The price per seat for each billing period.
  public var price: Decimal

  /// Creates a tier.
  public init(minimumSeats: Int, maximumSeats: Int?, price: Decimal) {
    self.minimumSeats = minimumSeats
    self.maximumSeats = maximumSeats
    self.price = price
  }
}
