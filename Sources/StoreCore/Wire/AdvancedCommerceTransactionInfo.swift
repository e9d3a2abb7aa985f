import Foundation

/// What a transaction of an Advanced Commerce generic product carries: the transaction's
/// `advancedCommerceInfo`, with Apple's field names (prices in milliunits).
///
/// [AdvancedCommerceTransactionInfo](https://developer.apple.com/documentation/appstoreserverapi/advancedcommercetransactioninfo)
public struct AdvancedCommerceTransactionInfo: Sendable, Equatable, Hashable {
  /// A subscription's display name and description (`descriptors`); absent for a one-time charge.
  public var descriptors: Descriptors?
  /// The estimated tax, in milliunits.
  public var estimatedTax: Int64
  /// The items bought.
  public var items: [Item]
  /// A subscription's period (`P1M` …); absent for a one-time charge.
  public var period: String?
  /// The developer's `requestReferenceId` of the request that made the transaction.
  public var requestReferenceId: String
  /// The developer's tax code.
  public var taxCode: String
  /// The price before tax, in milliunits.
  public var taxExclusivePrice: Int64
  /// The tax rate, a decimal string.
  public var taxRate: String

  /// A display name and description (`AdvancedCommerceDescriptors`).
  public struct Descriptors: Sendable, Equatable, Hashable {
    /// The description.
    public var description: String
    /// The display name.
    public var displayName: String

    /// Creates descriptors.
    public init(description: String, displayName: String) {
      self.description = description
      self.displayName = displayName
    }
  }

  /// One item bought (`AdvancedCommerceTransactionItem`).
  public struct Item: Sendable, Equatable, Hashable {
    /// The developer's SKU.
    public var sku: String
    /// The item's description.
    public var description: String
    /// The item's display name.
    public var displayName: String
    /// The item's price, in milliunits.
    public var price: Int64
    /// When access to the item was revoked, in milliseconds since 1970.
    public var revocationDate: Int64?

    /// Creates an item.
    public init(
      sku: String, description: String, displayName: String, price: Int64,
      revocationDate: Int64? = nil
    ) {
      self.sku = sku
      self.description = description
      self.displayName = displayName
      self.price = price
      self.revocationDate = revocationDate
    }
  }

  /// Creates the info.
  public init(
    descriptors: Descriptors? = nil, estimatedTax: Int64, items: [Item], period: String? = nil,
    requestReferenceId: String, taxCode: String, taxExclusivePrice: Int64, taxRate: String
  ) {
    self.descriptors = descriptors
    self.estimatedTax = estimatedTax
    self.items = items
    self.period = period
    self.requestReferenceId = requestReferenceId
    self.taxCode = taxCode
    self.taxExclusivePrice = taxExclusivePrice
    self.taxRate = taxRate
  }

  /// Decodes the object; unknown members are ignored, an absent number reads as zero and an
  /// absent string as empty (Apple's libraries read every member as optional).
  public init(json: JSONValue) throws(WireDecodingError) {
    self.init(
      estimatedTax: 0, items: [], requestReferenceId: "", taxCode: "", taxExclusivePrice: 0,
      taxRate: "")
    for member in try WireJSONReader.members(json, field: "advancedCommerceInfo") {
      let value = member.value
      switch member.key {
      case "descriptors":
        guard let present = WireJSONReader.present(value) else { continue }
        var texts: [String: String] = [:]
        for field in try WireJSONReader.members(present, field: "descriptors") {
          texts[field.key] = try WireJSONReader.string(field.value, field.key)
        }
        descriptors = Descriptors(
          description: texts["description"] ?? "", displayName: texts["displayName"] ?? "")
      case "estimatedTax":
        estimatedTax = try WireJSONReader.int64(value, "estimatedTax") ?? 0
      case "items":
        guard case .array(let list) = value else {
          throw .invalidValue(field: "items", reason: "expected an array")
        }
        items = try list.map { element throws(WireDecodingError) in try Self.item(element) }
      case "period": period = try WireJSONReader.string(value, "period")
      case "requestReferenceId":
        requestReferenceId = try WireJSONReader.string(value, "requestReferenceId") ?? ""
      case "taxCode": taxCode = try WireJSONReader.string(value, "taxCode") ?? ""
      case "taxExclusivePrice":
        taxExclusivePrice = try WireJSONReader.int64(value, "taxExclusivePrice") ?? 0
      case "taxRate": taxRate = try WireJSONReader.string(value, "taxRate") ?? ""
      default: break
      }
    }
  }

  private static func item(_ json: JSONValue) throws(WireDecodingError) -> Item {
    var item = Item(sku: "", description: "", displayName: "", price: 0)
    for field in try WireJSONReader.members(json, field: "items") {
      switch field.key {
      case "SKU": item.sku = try WireJSONReader.string(field.value, "SKU") ?? ""
      case "description":
        item.description = try WireJSONReader.string(field.value, "description") ?? ""
      case "displayName":
        item.displayName = try WireJSONReader.string(field.value, "displayName") ?? ""
      case "price": item.price = try WireJSONReader.int64(field.value, "price") ?? 0
      case "revocationDate":
        item.revocationDate = try WireJSONReader.int64(field.value, "revocationDate")
      default: break
      }
    }
    return item
  }

  /// The object as compact JSON bytes with Apple's field names.
  public func jsonBytes() -> [UInt8] {
    var writer = WireJSONWriter(capacity: 256)
    if let descriptors {
      var object = WireJSONWriter(capacity: 96)
      object.write("description", descriptors.description)
      object.write("displayName", descriptors.displayName)
      writer.write("descriptors", object: object.finish())
    }
    writer.write("estimatedTax", estimatedTax)
    var list: [UInt8] = Array("[".utf8)
    for (index, item) in items.enumerated() {
      var object = WireJSONWriter(capacity: 128)
      object.write("SKU", item.sku)
      object.write("description", item.description)
      object.write("displayName", item.displayName)
      object.write("price", item.price)
      object.write("revocationDate", item.revocationDate)
      if index > 0 { list.append(UInt8(ascii: ",")) }
      list += object.finish()
    }
    list.append(UInt8(ascii: "]"))
    writer.write("items", object: list)
    writer.write("period", period)
    writer.write("requestReferenceId", requestReferenceId)
    writer.write("taxCode", taxCode)
    writer.write("taxExclusivePrice", taxExclusivePrice)
    writer.write("taxRate", taxRate)
    return writer.finish()
  }
}
