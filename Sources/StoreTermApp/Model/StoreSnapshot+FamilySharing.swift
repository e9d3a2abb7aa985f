import StoreManager

extension StoreSnapshot {
  /// Who shares `productID` with the customer who has it only through Family Sharing, or nil.
  ///
  /// Only through Family Sharing: a shared entitlement, or a subscription group whose status
  /// (the one the screens show) is a family member's chain, for a plan the customer does not own.
  ///
  /// The one answer the paywall's Family Sharing badge and the account's `(Family Sharing,
  /// shared by …)` both read.
  public func sharer(of productID: String) -> String? {
    if let purchaser = family.sharedProducts[productID] { return purchaser }
    guard let groupID = product(productID)?.subscription?.subscriptionGroupID,
      let status = statuses[groupID], status.productID == productID, status.isFamilyShared,
      status.isEntitled, !entitledProductIDs.contains(productID)
    else { return nil }
    return family.purchasers[status.transactionID] ?? "a family member"
  }
}
