import StoreKit

extension Store {
  /// Buys `product` through StoreKit and delivers it: the one purchase path.
  ///
  /// A second call while the product's purchase is under way returns at once without asking
  /// StoreKit again. Pending purchases grant nothing; their transaction arrives later through
  /// `Transaction.updates`.
  ///
  /// - Returns: the product's purchase state afterwards.
  @discardableResult
  public func purchase(_ product: Product, options: Set<Product.PurchaseOption> = [])
    async -> PurchaseState
  {
    await settle(productID: product.id) { try await product.purchase(options: options) }
  }

  /// The purchase path after the call: `request` asks the App Store.
  ///
  /// The answer is verified, delivered and recorded. Only ``purchase(_:options:)`` and one test
  /// (which interleaves an update) call it.
  func settle(
    productID: String, request: () async throws -> Product.PurchaseResult
  ) async -> PurchaseState {
    guard apply(.start, to: productID) else { return purchaseState(of: productID) }
    let result: Product.PurchaseResult
    do {
      result = try await request()
      try configuration.faultHook?.fire(.afterCommit)
    } catch {
      apply(.resultFailed(PurchaseFailure(error)), to: productID)
      return purchaseState(of: productID)
    }
    switch result {
    case .success(let verification):
      switch await deliver(verification, source: .purchase) {
      case .delivered:
        let id = verification.unsafePayloadValue.id
        apply(.resultSucceeded(transactionID: id), to: productID)
      case .refused(let failure):
        apply(.resultFailed(failure), to: productID)
      }
    case .pending:
      apply(.resultPending, to: productID)
    case .userCancelled:
      apply(.resultCancelled, to: productID)
    }
    return purchaseState(of: productID)
  }

  /// Records that a parent declined the product's Ask to Buy request.
  ///
  /// StoreKit never tells the app about a decline; storeterm's transaction manager does, so the
  /// purchase sheet can leave its pending state.
  public func askToBuyDeclined(productID: String) {
    apply(.declined, to: productID)
  }

  /// Returns a finished purchase state (succeeded, cancelled, failed, declined) to idle.
  public func dismissPurchase(of productID: String) {
    apply(.dismiss, to: productID)
  }

  /// Spends `units` of a consumable the customer owns, such as coins used in a game.
  ///
  /// - Throws: ``FulfillmentError`` when the balance is too small; nothing changes then.
  public func spend(_ units: Int, of productID: String) throws {
    try configuration.fulfillment.spend(units, of: productID)
    reloadBalances()
  }

  // MARK: - Delivery

  func handleUpdate(_ result: VerificationResult<Transaction>) async {
    defer { updateHandled() }
    let transaction = result.unsafePayloadValue
    let outcome = await deliver(result, source: .update)
    // A refund or revocation is not the answer to a purchase anyone is waiting for.
    guard transaction.revocationDate == nil else { return }
    switch outcome {
    case .delivered:
      apply(.updateSucceeded(transactionID: transaction.id), to: transaction.productID)
    case .refused(let failure):
      apply(.updateRefused(failure), to: transaction.productID)
    }
  }

  /// Verifies, checks the identity, stores the grant, then finishes.
  ///
  /// That order makes a crash at any instant safe. A refused or unstored transaction is left
  /// unfinished, so it comes back at the next start.
  func deliver(
    _ result: VerificationResult<Transaction>, source: StoreFeedEntry.Source, rebuild: Bool = true
  ) async -> StoreFeedEntry.Outcome {
    let transaction = result.unsafePayloadValue
    if case .unverified(_, let error) = result {
      return refuse(transaction, .unverified(error), source: source)
    }
    if let problem = identityProblem(transaction) {
      return refuse(transaction, .notForThisApp(problem), source: source)
    }
    let grant: GrantOutcome
    do {
      grant = try configuration.fulfillment.grant(Grant(transaction), hook: configuration.faultHook)
    } catch {
      return refuse(
        transaction,
        .notPersisted("the grant of transaction \(transaction.id) was not stored: \(error)"),
        source: source)
    }
    reloadBalances()
    do {
      try configuration.faultHook?.fire(.afterGrant)
      try configuration.faultHook?.fire(.beforeFinish)
    } catch {
      return refuse(transaction, PurchaseFailure(error), source: source)
    }
    await transaction.finish()
    let outcome = StoreFeedEntry.Outcome.delivered(grant)
    appendFeed(source, transaction, outcome)
    if rebuild { await refresh() }
    return outcome
  }

  /// Why `transaction` was not issued for this app, or `nil` when it was.
  func identityProblem(_ transaction: Transaction) -> String? {
    if transaction.appBundleID != configuration.bundleID {
      return
        "transaction \(transaction.id) was issued for the bundle ID \(transaction.appBundleID), not \(configuration.bundleID)"
    }
    if transaction.environment != configuration.environment {
      return
        "transaction \(transaction.id) comes from the \(transaction.environment.rawValue) environment, not \(configuration.environment.rawValue)"
    }
    return nil
  }

  private func refuse(
    _ transaction: Transaction, _ failure: PurchaseFailure, source: StoreFeedEntry.Source
  ) -> StoreFeedEntry.Outcome {
    warn(transaction, failure)
    let outcome = StoreFeedEntry.Outcome.refused(failure)
    appendFeed(source, transaction, outcome)
    return outcome
  }
}
