import Foundation

/// The seats of a subscription bought as a multiseat purchase: the transaction's `multiSeatInfo`.
///
/// [TransactionMultiSeatInfo](https://developer.apple.com/documentation/appstoreserverapi/transactionmultiseatinfo)
public struct TransactionMultiSeatInfo: Sendable, Equatable, Hashable {
  /// Who hosts the invitations to the seats: `APPLE` or `DEVELOPER`.
  public var invitationManagement: String?
  /// The seats bought at each price.
  public var priceTiers: [MultiSeatPriceTier]

  /// A price per seat and the number of seats at that price (`MultiSeatPriceTier`).
  public struct MultiSeatPriceTier: Sendable, Equatable, Hashable {
    /// The price per seat, in milliunits.
    public var tierPrice: Int64
    /// The number of seats at that price.
    public var tierQuantity: Int

    /// Creates a tier.
    public init(tierPrice: Int64, tierQuantity: Int) {
      self.tierPrice = tierPrice
      self.tierQuantity = tierQuantity
    }
  }

  /// Apple hosts the invitations (each member gets a transaction of their own).
  public static let apple = "APPLE"
  /// The developer hosts the invitations and manages access.
  public static let developer = "DEVELOPER"

  /// Creates seat info.
  public init(invitationManagement: String?, priceTiers: [MultiSeatPriceTier]) {
    self.invitationManagement = invitationManagement
    self.priceTiers = priceTiers
  }

  /// Decodes the object; unknown members are ignored.
  public init(json: JSONValue) throws(WireDecodingError) {
    self.init(invitationManagement: nil, priceTiers: [])
    for member in try WireJSONReader.members(json, field: "multiSeatInfo") {
      switch member.key {
      case "invitationManagement":
        invitationManagement = try WireJSONReader.string(member.value, "invitationManagement")
      case "priceTiers":
        guard case .array(let tiers) = member.value else {
          throw .invalidValue(field: "priceTiers", reason: "expected an array")
        }
        for tier in tiers {
          var price: Int64?
          var quantity: Int?
          for field in try WireJSONReader.members(tier, field: "priceTiers") {
            switch field.key {
            case "tierPrice": price = try WireJSONReader.int64(field.value, "tierPrice")
            case "tierQuantity": quantity = try WireJSONReader.int(field.value, "tierQuantity")
            default: break
            }
          }
          priceTiers.append(
            MultiSeatPriceTier(
              tierPrice: try WireJSONReader.required(price, "tierPrice"),
              tierQuantity: try WireJSONReader.required(quantity, "tierQuantity")))
        }
      default: break
      }
    }
  }

  /// The object as compact JSON bytes with Apple's field names.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter(capacity: 128)
    writer.write("invitationManagement", invitationManagement)
    var tiers: [UInt8] = Array("[".utf8)
    for (index, tier) in priceTiers.enumerated() {
      var object = WireJSONWriter(capacity: 48)
      object.write("tierPrice", tier.tierPrice)
      object.write("tierQuantity", tier.tierQuantity)
      if index > 0 { tiers.append(UInt8(ascii: ",")) }
      tiers += object.finish()
    }
    tiers.append(UInt8(ascii: "]"))
    writer.write("priceTiers", object: tiers)
    return writer.finish()
  }

  /// The seats it covers.
  public var seats: Int { priceTiers.reduce(0) { $0 + $1.tierQuantity } }
}
