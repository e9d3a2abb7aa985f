import StoreKit

/// What the app stores about one transaction it handled: the input of a grant.
public struct Grant: Sendable, Hashable {
  /// The transaction identifier, the key that makes delivery idempotent.
  public var transactionID: UInt64
  /// The product.
  public var productID: String
  /// The product type; only consumables change a balance.
  public var productType: Product.ProductType
  /// How many were bought.
  public var quantity: Int
  /// When it was bought, in epoch milliseconds.
  public var purchaseDateMilliseconds: Int64
  /// When it was refunded or revoked, in epoch milliseconds, if it was.
  public var revocationDateMilliseconds: Int64?

  /// The grant for a transaction.
  public init(_ transaction: Transaction) {
    transactionID = transaction.id
    productID = transaction.productID
    productType = transaction.productType
    quantity = transaction.purchasedQuantity
    purchaseDateMilliseconds = transaction.purchaseDate.epochMilliseconds
    revocationDateMilliseconds = transaction.revocationDate?.epochMilliseconds
  }

  /// A grant from its parts.
  public init(
    transactionID: UInt64, productID: String, productType: Product.ProductType, quantity: Int,
    purchaseDateMilliseconds: Int64, revocationDateMilliseconds: Int64? = nil
  ) {
    self.transactionID = transactionID
    self.productID = productID
    self.productType = productType
    self.quantity = quantity
    self.purchaseDateMilliseconds = purchaseDateMilliseconds
    self.revocationDateMilliseconds = revocationDateMilliseconds
  }

  /// Whether the transaction was refunded or revoked.
  public var isRevoked: Bool { revocationDateMilliseconds != nil }
}

/// What storing a grant did.
public enum GrantOutcome: Sendable, Hashable, CustomStringConvertible {
  /// First delivery: recorded, and a consumable's balance went up by `units`.
  case granted(units: Int)
  /// Delivered before; nothing changed.
  case alreadyGranted
  /// A delivered transaction was refunded or revoked: recorded, and a consumable's balance went
  /// down by `units`; `uncollected` units had already been spent and were not taken back.
  case reversed(units: Int, uncollected: Int)
  /// Revoked before it was ever delivered: recorded, nothing granted.
  case revokedBeforeDelivery

  /// One short phrase, such as `granted 2`.
  public var description: String {
    switch self {
    case .granted(let units): "granted \(units)"
    case .alreadyGranted: "already granted"
    case .reversed(let units, 0): "reversed \(units)"
    case .reversed(let units, let uncollected):
      "reversed \(units) (\(uncollected) already spent)"
    case .revokedBeforeDelivery: "revoked before delivery"
    }
  }
}

/// One row of the `fulfillment` table.
public struct FulfillmentRecord: Sendable, Hashable {
  /// The transaction.
  public var transactionID: UInt64
  /// The product.
  public var productID: String
  /// Units added to the product's balance (0 for everything but consumables).
  public var granted: Int
  /// Units taken back after a refund.
  public var reversed: Int
  /// Whether the transaction was refunded or revoked.
  public var isRevoked: Bool

  /// A row from its columns.
  public init(
    transactionID: UInt64, productID: String, granted: Int, reversed: Int, isRevoked: Bool
  ) {
    self.transactionID = transactionID
    self.productID = productID
    self.granted = granted
    self.reversed = reversed
    self.isRevoked = isRevoked
  }
}
