import Foundation
import StoreKit

// A store manager written the way StoreKit 2 guides write one, compiled with only
// `import StoreKit`: if this file stops compiling, storeterm broke source compatibility.

enum StoreError: Error {
  case failedVerification
}

@MainActor
final class GuideStore {
  private(set) var products: [Product] = []
  private(set) var purchasedProductIDs: Set<String> = []
  private(set) var receivedUpdates: [Transaction] = []
  private var updateListenerTask: Task<Void, Never>?

  init() {
    // Start listening before anything else, so no update is missed.
    updateListenerTask = listenForTransactions()
  }

  deinit {
    updateListenerTask?.cancel()
  }

  private func listenForTransactions() -> Task<Void, Never> {
    Task { [weak self] in
      for await result in Transaction.updates {
        guard let self else { return }
        do {
          let transaction = try self.checkVerified(result)
          self.receivedUpdates.append(transaction)
          await self.updateCustomerProductStatus()
          await transaction.finish()
        } catch {
          // An unverified transaction grants nothing.
        }
      }
    }
  }

  func requestProducts(_ identifiers: [String]) async throws {
    products = try await Product.products(for: identifiers)
  }

  func purchase(_ product: Product) async throws -> Transaction? {
    let result = try await product.purchase(options: [.appAccountToken(UUID())])
    switch result {
    case .success(let verification):
      let transaction = try checkVerified(verification)
      await updateCustomerProductStatus()
      await transaction.finish()
      return transaction
    case .userCancelled, .pending:
      return nil
    }
  }

  func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
    switch result {
    case .unverified:
      throw StoreError.failedVerification
    case .verified(let safe):
      return safe
    }
  }

  func updateCustomerProductStatus() async {
    var purchased: Set<String> = []
    for await result in Transaction.currentEntitlements {
      guard let transaction = try? checkVerified(result), transaction.revocationDate == nil else {
        continue
      }
      purchased.insert(transaction.productID)
    }
    purchasedProductIDs = purchased
  }

  func restore() async throws {
    try await AppStore.sync()
    await updateCustomerProductStatus()
  }
}
