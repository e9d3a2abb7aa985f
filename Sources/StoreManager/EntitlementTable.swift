import StoreCore
import StoreKit

/// Which named capabilities each product unlocks: the app's product → entitlement table.
///
/// Screens ask for a capability (`pro`, `themes`), never for product identifiers, so plans can
/// be added or renamed in the table alone. A product the table does not list unlocks a
/// capability named after its own identifier, so nothing a customer owns is ever invisible.
///
/// The JSON form maps each capability to the products that grant it:
/// `{"pro": ["dev.storeterm.demo.lifetime", "dev.storeterm.demo.plus.monthly"]}`.
public struct EntitlementTable: Sendable, Equatable {
  /// The capabilities of each listed product.
  public private(set) var capabilitiesByProduct: [String: Set<String>]

  /// A table from capability names to the products that grant them.
  public init(_ productsByCapability: [String: [String]] = [:]) {
    var table: [String: Set<String>] = [:]
    for (capability, products) in productsByCapability {
      for product in products { table[product, default: []].insert(capability) }
    }
    capabilitiesByProduct = table
  }

  /// Reads the JSON form.
  ///
  /// - Throws: ``EntitlementTableError`` naming the JSON path of the first problem.
  public init(json text: String) throws {
    let document: JSONValue
    do {
      document = try JSONParser.parse(text)
    } catch {
      throw EntitlementTableError(description: "not JSON: \(error)")
    }
    guard case .object(let members) = document else {
      throw EntitlementTableError(
        description: "the top level is \(document.kindDescription), not an object")
    }
    var table: [String: [String]] = [:]
    for member in members {
      guard case .array(let values) = member.value else {
        throw EntitlementTableError(
          description: "\(member.key): \(member.value.kindDescription), not an array")
      }
      table[member.key] = try values.enumerated().map { index, value in
        guard case .string(let product) = value, !product.isEmpty else {
          throw EntitlementTableError(
            description: "\(member.key)[\(index)]: \(value.kindDescription), not a product ID")
        }
        return product
      }
    }
    self.init(table)
  }

  /// The capabilities `productIDs` unlock together.
  public func capabilities(for productIDs: some Sequence<String>) -> Set<String> {
    var result: Set<String> = []
    for product in productIDs {
      result.formUnion(capabilitiesByProduct[product] ?? [product])
    }
    return result
  }
}

/// A problem in an entitlement table's JSON, as one sentence.
public struct EntitlementTableError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sentence.
  public let description: String

  /// An error with its sentence.
  public init(description: String) {
    self.description = description
  }
}
