import Foundation

/// The request a developer's server signs for `AdvancedCommerceProduct.purchase(compactJWS:)`:
/// the base64 JSON of the JWS's `request` claim, as Apple's App Store Server Libraries write it
/// (`AdvancedCommerceOneTimeChargeCreateRequest`, `…SubscriptionCreateRequest` …).
public enum AdvancedCommerceInAppRequest: Sendable, Equatable {
  /// `CREATE_ONE_TIME_CHARGE`: one item bought once.
  case oneTimeCharge(OneTimeCharge)
  /// Another operation (`CREATE_SUBSCRIPTION`, `MODIFY_SUBSCRIPTION`,
  /// `REACTIVATE_SUBSCRIPTION`), which storeterm does not carry out.
  case other(operation: String)

  /// The operation of a one-time charge.
  public static let oneTimeChargeOperation = "CREATE_ONE_TIME_CHARGE"
  /// The longest SKU Apple accepts.
  public static let maximumSKULength = 128
  /// The longest description Apple accepts.
  public static let maximumDescriptionLength = 45
  /// The longest display name Apple accepts.
  public static let maximumDisplayNameLength = 30

  /// A decoded `AdvancedCommerceOneTimeChargeCreateRequest`.
  public struct OneTimeCharge: Sendable, Equatable {
    /// `requestInfo.requestReferenceId`: the developer's UUID for this request (a retry repeats it).
    public var requestReferenceId: String
    /// `requestInfo.appAccountToken`, which the transaction carries.
    public var appAccountToken: UUID?
    /// The ISO 4217 currency of the price.
    public var currency: String
    /// The item bought (price in milliunits).
    public var item: AdvancedCommerceTransactionInfo.Item
    /// The developer's tax code.
    public var taxCode: String
    /// The storefront the developer priced for, if it named one.
    public var storefront: String?

    /// Creates a charge.
    public init(
      requestReferenceId: String, appAccountToken: UUID?, currency: String,
      item: AdvancedCommerceTransactionInfo.Item, taxCode: String, storefront: String?
    ) {
      self.requestReferenceId = requestReferenceId
      self.appAccountToken = appAccountToken
      self.currency = currency
      self.item = item
      self.taxCode = taxCode
      self.storefront = storefront
    }
  }

  /// Why a request cannot be read.
  public struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the field.
    public var description: String

    /// Creates the error.
    public init(description: String) { self.description = description }
  }

  /// Decodes the request's JSON object, checking what Apple's libraries check (lengths, the
  /// required members) and that the request names a one-time charge's parts.
  public static func decode(_ json: JSONValue) throws(Malformed) -> AdvancedCommerceInAppRequest {
    guard case .object = json else { throw Malformed(description: "request is not an object") }
    guard case .string(let operation) = json["operation"] else {
      throw Malformed(description: "operation is missing")
    }
    guard operation == oneTimeChargeOperation else { return .other(operation: operation) }
    guard case .string("1") = json["version"] else {
      throw Malformed(description: "version is not \"1\"")
    }
    guard let info = json["requestInfo"], case .object = info,
      case .string(let reference) = info["requestReferenceId"],
      UUID(uuidString: reference) != nil
    else { throw Malformed(description: "requestInfo.requestReferenceId is not a UUID") }
    var token: UUID?
    if let value = info["appAccountToken"], value != .null {
      guard case .string(let text) = value, let uuid = UUID(uuidString: text) else {
        throw Malformed(description: "requestInfo.appAccountToken is not a UUID")
      }
      token = uuid
    }
    guard case .string(let currency) = json["currency"], currency.utf8.count == 3,
      currency.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
    else { throw Malformed(description: "currency is not an ISO 4217 code") }
    guard case .string(let taxCode) = json["taxCode"], !taxCode.isEmpty else {
      throw Malformed(description: "taxCode is missing")
    }
    var storefront: String?
    if let value = json["storefront"], value != .null {
      guard case .string(let text) = value else {
        throw Malformed(description: "storefront is not a string")
      }
      storefront = text
    }
    guard let item = json["item"] else { throw Malformed(description: "item is missing") }
    return .oneTimeCharge(
      OneTimeCharge(
        requestReferenceId: reference, appAccountToken: token, currency: currency,
        item: try Self.item(item), taxCode: taxCode, storefront: storefront))
  }

  private static func item(_ json: JSONValue) throws(Malformed)
    -> AdvancedCommerceTransactionInfo.Item
  {
    func text(_ key: String, limit: Int) throws(Malformed) -> String {
      guard case .string(let value) = json[key], !value.isEmpty else {
        throw Malformed(description: "item.\(key) is missing")
      }
      guard value.count <= limit else {
        throw Malformed(description: "item.\(key) is longer than \(limit) characters")
      }
      return value
    }
    let sku = try text("SKU", limit: maximumSKULength)
    let description = try text("description", limit: maximumDescriptionLength)
    let displayName = try text("displayName", limit: maximumDisplayNameLength)
    guard case .number(let digits) = json["price"], let price = Int64(digits), price >= 0 else {
      throw Malformed(description: "item.price is not a whole number of milliunits")
    }
    return AdvancedCommerceTransactionInfo.Item(
      sku: sku, description: description, displayName: displayName, price: price)
  }
}
