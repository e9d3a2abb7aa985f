import Foundation

extension StoreKitConfigurationDecoder {
  /// The most seats a tier may name: a bound on input, far above any group's size.
  static let maximumSeats = 10_000

  /// A subscription's seat-based prices, from storeterm's `_multiSeatPriceTiers` (Xcode's format
  /// for them was not found): `[{"minimumSeats": 1, "maximumSeats": 5, "displayPrice": "9.99"},
  /// {"minimumSeats": 6, "displayPrice": "7.99"}]`.
  ///
  /// The tiers must follow one another from 1 seat without gap or overlap; only the last may
  /// leave `maximumSeats` out.
  mutating func seatTiers(_ cursor: JSONCursor) throws(JSONReadError) -> [ConfiguredSeatTier] {
    var tiers: [ConfiguredSeatTier] = []
    let elements = try cursor.elements("_multiSeatPriceTiers")
    for (index, element) in elements.enumerated() {
      checkKeys(element, ConfigurationKeys.seatTier)
      let minimum = try element.int("minimumSeats")
      let maximum = try element.optionalInt("maximumSeats")
      let expected = (tiers.last?.maximumSeats ?? 0) + 1
      guard minimum == expected else {
        throw element.error("minimumSeats \(minimum) should be \(expected), after the tier before")
      }
      if let maximum {
        guard maximum >= minimum, maximum <= Self.maximumSeats else {
          throw element.error(
            "maximumSeats \(maximum) is not between \(minimum) and \(Self.maximumSeats)")
        }
      } else if index < elements.count - 1 {
        throw element.error("only the last tier may leave maximumSeats out")
      }
      guard let price = try price(element, key: "displayPrice") else {
        throw element.error("a seat tier needs a displayPrice")
      }
      tiers.append(ConfiguredSeatTier(minimumSeats: minimum, maximumSeats: maximum, price: price))
    }
    return tiers
  }
}
