/// The signed-in customer's Family Sharing as the App Store records it: their group and its
/// members, the groups a demo can join, and what reaches them through the family.
public struct FamilyStatus: Sendable, Equatable {
  /// One person in the customer's family group.
  public struct Member: Sendable, Hashable {
    /// The customer ID.
    public var id: String
    /// The account's name, possibly empty.
    public var name: String

    /// Creates a member.
    public init(id: String, name: String = "") {
      self.id = id
      self.name = name
    }
  }

  /// A family group that exists in the ledger (a group exists while it has members).
  public struct Group: Sendable, Hashable {
    /// The group's name.
    public var name: String
    /// How many people it holds.
    public var memberCount: Int

    /// Creates a group.
    public init(name: String, memberCount: Int) {
      self.name = name
      self.memberCount = memberCount
    }
  }

  /// The most people a group holds (the organizer and five members), as `StoreEngine` enforces.
  public static let limit = 6

  /// The customer's group, or nil when they are in none.
  public var group: String?
  /// The group's members in the order they joined the ledger, the customer included.
  public var members: [Member]
  /// Every group in the ledger, by name, for the join sheet.
  public var groups: [Group]
  /// Products the customer is entitled to only through Family Sharing (`ownershipType`
  /// `.familyShared`), each with the customer ID of the family member who bought it.
  public var sharedProducts: [String: String]
  /// The purchaser of each of the customer's Family Sharing copies, by the copy's transaction ID.
  public var purchasers: [UInt64: String]

  /// Creates a status; the defaults describe a customer in no family.
  public init(
    group: String? = nil, members: [Member] = [], groups: [Group] = [],
    sharedProducts: [String: String] = [:], purchasers: [UInt64: String] = [:]
  ) {
    self.group = group
    self.members = members
    self.groups = groups
    self.sharedProducts = sharedProducts
    self.purchasers = purchasers
  }

  /// Whether `productID` reaches the customer only through Family Sharing.
  public func isShared(_ productID: String) -> Bool {
    sharedProducts[productID] != nil
  }
}
