import Foundation

// Apple's pages print `identifier: Int`, but the controls are Objective-C `NSUInteger` methods
// and most public test code passes `UInt(transaction.id)`. Both spellings must compile, so each
// control has a `UInt` twin that hands the identifier to Apple's `Int` form (the one override
// point for subclasses). An integer literal still picks the `Int` form, Swift's default literal
// type, so no call becomes ambiguous (Docs/DECISIONS.md, "SKTestSession takes UInt identifiers").
extension SKTestSession {
  /// Approves a pending Ask to Buy transaction, given as the `UInt` real test code passes.
  public func approveAskToBuyTransaction(identifier: UInt) throws {
    try approveAskToBuyTransaction(identifier: Self.signed(identifier))
  }

  /// Declines a pending Ask to Buy transaction, given as a `UInt`.
  public func declineAskToBuyTransaction(identifier: UInt) throws {
    try declineAskToBuyTransaction(identifier: Self.signed(identifier))
  }

  /// Resolves an interrupted purchase, given as a `UInt`.
  public func resolveIssueForTransaction(identifier: UInt) throws {
    try resolveIssueForTransaction(identifier: Self.signed(identifier))
  }

  /// Refunds a transaction, given as a `UInt`.
  public func refundTransaction(identifier: UInt) throws {
    try refundTransaction(identifier: Self.signed(identifier))
  }

  /// Deletes a transaction, given as a `UInt`.
  public func deleteTransaction(identifier: UInt) throws {
    try deleteTransaction(identifier: Self.signed(identifier))
  }

  /// Turns auto-renew on for the subscription of a transaction, given as a `UInt`.
  public func enableAutoRenewForTransaction(identifier: UInt) throws {
    try enableAutoRenewForTransaction(identifier: Self.signed(identifier))
  }

  /// Turns auto-renew off for the subscription of a transaction, given as a `UInt`.
  public func disableAutoRenewForTransaction(identifier: UInt) throws {
    try disableAutoRenewForTransaction(identifier: Self.signed(identifier))
  }

  /// Raises a subscription's renewal price, the transaction given as a `UInt`.
  public func requestPriceIncreaseConsentForTransaction(identifier: UInt) throws {
    try requestPriceIncreaseConsentForTransaction(identifier: Self.signed(identifier))
  }

  /// The customer consents to the price increase, the transaction given as a `UInt`.
  public func consentToPriceIncreaseForTransaction(identifier: UInt) throws {
    try consentToPriceIncreaseForTransaction(identifier: Self.signed(identifier))
  }

  /// The customer declines the price increase, the transaction given as a `UInt`.
  public func declinePriceIncreaseForTransaction(identifier: UInt) throws {
    try declinePriceIncreaseForTransaction(identifier: Self.signed(identifier))
  }

  /// The `Int` form of an identifier; one past `Int.max` names no transaction, so it becomes 0,
  /// which every control reports as `SKTestError.noTransactionFound`.
  private static func signed(_ identifier: UInt) -> Int {
    Int(exactly: identifier) ?? 0
  }
}
