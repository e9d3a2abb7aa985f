import Foundation

/// One row of the ledger: a purchase request and, once charged, the transaction it produced.
///
/// A pending Ask to Buy or interrupted purchase already has an identifier (QA approves or resolves
/// it by that number, as with `SKTestTransaction`) but no signed transaction until it completes.
public struct TransactionRecord: Sendable, Equatable {
  /// The identifier, shared by the request and the transaction it becomes.
  public var id: UInt64
  /// The customer who made the purchase.
  public var customerID: String
  /// The product purchased.
  public var productID: String
  /// Where the purchase stands.
  public var state: State
  /// The options the purchase was made with (kept so a pending request can complete later).
  public var request: PurchaseRequest
  /// The signed transaction, once the App Store charged the customer.
  public var signed: SignedTransaction?
  /// Whether the app called `finish()`.
  public var isFinished: Bool
  /// When the request was made.
  public var createdDate: Date
  /// For a Family Sharing copy (`inAppOwnershipType` `FAMILY_SHARED`), the purchaser's
  /// transaction it shares; nil for the customer's own purchases.
  public var sharedFromID: UInt64?

  /// Creates a record.
  public init(
    id: UInt64, customerID: String, productID: String, state: State, request: PurchaseRequest,
    signed: SignedTransaction? = nil, isFinished: Bool = false, createdDate: Date,
    sharedFromID: UInt64? = nil
  ) {
    self.id = id
    self.customerID = customerID
    self.productID = productID
    self.state = state
    self.request = request
    self.signed = signed
    self.isFinished = isFinished
    self.createdDate = createdDate
    self.sharedFromID = sharedFromID
  }

  /// Where a purchase stands.
  public enum State: String, Sendable, CaseIterable {
    /// Charged: the record holds a signed transaction.
    case purchased
    /// Waiting for a parent's approval (Ask to Buy).
    case pendingApproval
    /// Interrupted (for example, terms to accept); waiting to be resolved.
    case interrupted
    /// The parent declined; nothing was charged.
    case declined

    /// How the state reads in a sentence: `pending approval`.
    public var phrase: String {
      switch self {
      case .purchased: "purchased"
      case .pendingApproval: "pending approval"
      case .interrupted: "interrupted"
      case .declined: "declined"
      }
    }
  }
}

/// The options of a purchase as stored with its record.
public struct PurchaseRequest: Sendable, Equatable {
  /// How many items.
  public var quantity: Int
  /// The app's account token.
  public var appAccountToken: UUID?
  /// The offer asked for, by kind and identifier (`promotional:comeback`), if any.
  public var offer: String?

  /// Creates a request.
  public init(quantity: Int = 1, appAccountToken: UUID? = nil, offer: String? = nil) {
    self.quantity = quantity
    self.appAccountToken = appAccountToken
    self.offer = offer
  }
}
