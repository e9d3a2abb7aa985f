import StoreCore

/// Work the front end asks for; the command line's runner carries it out against the store
/// manager and the simulated App Store, and answers with actions.
public enum AppEffect: Sendable, Equatable {
  /// Starts the store (unfinished transactions, products) and sends the first snapshot.
  case start
  /// Watches the App Store's log for changes made by other processes, for as long as the
  /// program runs, sending a snapshot after each.
  case watchForChanges
  /// Buys a product through the store manager, with a promotional or win-back offer the
  /// customer chose on the sheet (by identifier; nil: StoreKit's introductory offer rule).
  case purchase(productID: String, outcome: ForcedOutcome, offer: String? = nil)
  /// Presents the Redeem Code sheet (`AppStore.presentOfferCodeRedeemSheet`); answered with
  /// ``RedeemCodeAction/presented`` or ``RedeemCodeAction/presentFailed(_:)``.
  case presentOfferCodeRedeemSheet
  /// Redeems an offer code (by reference name) for its subscription through the store manager,
  /// as `storeterm purchase PRODUCT --offer-code NAME` does; answered with
  /// ``RedeemCodeAction/finished(productID:state:)``.
  case redeemOfferCode(referenceName: String, productID: String)
  /// Asks for a refund (`Transaction.beginRefundRequest`) and, as the test environment does,
  /// approves it; answered with ``RefundSheetAction/finished(message:isError:)``.
  case requestRefund(transactionID: UInt64, reason: RefundReason)
  /// Returns a finished purchase to idle.
  case dismissPurchase(productID: String)
  /// Restore Purchases (`AppStore.sync()`).
  case restore
  /// A transaction manager action.
  case manage(ManageAction, transactionID: UInt64)
  /// Sends the signed-in customer's app a purchase intent for the product, as Xcode's "Send
  /// Purchase Intent" does; answered with ``EffectOutcome/purchaseIntentSent(productID:)``.
  case sendPurchaseIntent(productID: String)
  /// Switches an App Store setting for this session.
  case setSetting(QASetting, Bool)
  /// Sets the simulated clock's rate, by name.
  case setTimeRate(String)
  /// Moves the session to a storefront (ISO 3166-1 alpha-3) and locale.
  case setStorefront(String, locale: String)
  /// Makes an API fail with a StoreKit error (by name), or stop failing (nil).
  case setFailure(SimulatedErrorSetting.API, String?)
  /// Moves the simulated clock forward, generating what falls due.
  case advanceClock(seconds: Double)
  /// Signs another App Store account in: a new store manager over that customer.
  case switchCustomer(String)
  /// Puts the signed-in customer in a Family Sharing group (`StoreEngine.joinFamily`), as
  /// `storeterm family join GROUP` does; answered with ``FamilyAction/finished(message:isError:)``.
  case joinFamily(String)
  /// Takes the signed-in customer out of their family (`StoreEngine.leaveFamily`), as
  /// `storeterm family leave` does; answered with ``FamilyAction/finished(message:isError:)``.
  case leaveFamily
  /// Finds customers matching the text (all of them, up to a page, when it is empty); answered
  /// with ``SupportAction/found(query:_:)``.
  case searchCustomers(String)
  /// Explains one customer: access and timeline; answered with ``SupportAction/loaded(_:)``.
  case loadCustomer(String)
  /// The next page of a search's customers, after this customer (by keyset); answered with
  /// ``SupportAction/foundMore(query:after:_:)``.
  case moreCustomers(String, after: String)
  /// Reads a window of the transaction list (and keeps reading that window at each refresh);
  /// answered with ``AppAction/transactionPage(_:)``.
  case loadTransactionPage(TransactionPageRequest)
  /// Reads a window of the signed-in customer's history (and keeps reading that window at each
  /// refresh); answered with ``AccountAction/loaded(_:)``.
  case loadHistoryPage(TransactionPageRequest)
  /// The Notifications screen's reads and writes of the outbox; answered with
  /// ``NotificationsAction`` values.
  case notifications(NotificationsEffect)
  /// Asks the App Store for the retention message of a subscription about to stop renewing
  /// (the developer's Get Retention Message endpoint, else the default message); answered with
  /// ``RetentionSheetAction/shown(_:)``.
  case retentionOffer(transactionID: UInt64)
  /// Takes a retention offer (the alternate plan, or the promotional offer); answered with
  /// ``RetentionSheetAction/taken(_:)``.
  case takeRetentionOffer(RetentionOffer, transactionID: UInt64)
  /// Starts (true) or stops recording every store-changing effect as a scenario step; answered
  /// with ``AppAction/recordingChanged(file:)``.
  case setRecording(Bool)
}

/// How QA forces a purchase to end, from the purchase sheet's outcome row.
public enum ForcedOutcome: Sendable, Hashable {
  /// The App Store decides, with the session's settings.
  case normal
  /// A parent must approve: the purchase is pending.
  case askToBuy
  /// The purchase is interrupted: pending until resolved.
  case interrupted
  /// The customer cancelled the payment sheet.
  case cancelled
  /// StoreKit fails with this error, by its name (`networkError`, `productUnavailable`).
  case failure(String)

  /// The choices the outcome row offers, in order.
  public static let choices: [ForcedOutcome] =
    [.normal, .askToBuy, .interrupted]
    + SimulatedFailure.names.filter { $0 != "userCancelled" }
    .map(ForcedOutcome.failure)

  /// The words the outcome row shows, in `locale`'s language (a failure keeps its name).
  public func label(_ locale: String) -> String {
    switch self {
    case .normal: UIText.text("App Store decides", locale)
    case .askToBuy: UIText.text("Ask to Buy", locale)
    case .interrupted: UIText.text("Interrupted", locale)
    case .cancelled: UIText.text("Cancelled", locale)
    case .failure(let name): UIText.text("Fail: %@", locale, name)
    }
  }

  /// The test environment's settings for this one purchase.
  public var overrides: PurchaseOverrides {
    switch self {
    case .normal: PurchaseOverrides()
    case .askToBuy: PurchaseOverrides(askToBuy: true)
    case .interrupted: PurchaseOverrides(interrupted: true)
    case .cancelled: PurchaseOverrides(cancel: true)
    case .failure(let name): PurchaseOverrides(failure: SimulatedFailure(name: name))
    }
  }
}

/// What QA's transaction manager (and the account screen) can do to one transaction: the
/// engine's own controls, so their refusals come from one place.
public typealias ManageAction = TransactionControl

extension TransactionControl {
  /// What was done, for the message afterwards, as a ``UIText`` key: `%1$@` the transaction,
  /// `%2$@` the product (`Refunded transaction 4 (Theme Pack).`).
  public var doneTemplate: String {
    switch self {
    case .approve: "Approved transaction %1$@ (%2$@)."
    case .decline: "Declined transaction %1$@ (%2$@)."
    case .resolve: "Resolved transaction %1$@ (%2$@)."
    case .refund: "Refunded transaction %1$@ (%2$@)."
    case .revoke: "Revoked transaction %1$@ (%2$@)."
    case .requestRefund: "Requested a refund of transaction %1$@ (%2$@)."
    case .refundProrated: "Refunded part of transaction %1$@ (%2$@)."
    case .declineRefund: "Declined the refund request for transaction %1$@ (%2$@)."
    case .reverseRefund: "Reversed the refund of transaction %1$@ (%2$@)."
    case .expire: "Expired transaction %1$@ (%2$@)."
    case .renew: "Renewed transaction %1$@ (%2$@)."
    case .autoRenewOff: "Turned auto-renew off for transaction %1$@ (%2$@)."
    case .autoRenewOn: "Turned auto-renew on for transaction %1$@ (%2$@)."
    case .priceIncrease: "Requested a price increase for transaction %1$@ (%2$@)."
    case .consent: "Agreed to the price increase of transaction %1$@ (%2$@)."
    case .declinePriceIncrease: "Declined the price increase of transaction %1$@ (%2$@)."
    case .finish: "Finished transaction %1$@ (%2$@)."
    case .delete: "Deleted transaction %1$@ (%2$@)."
    }
  }
}
