// The transaction controls as public test code calls them: most files pass
// `UInt(transaction.id)`, the rest `Int(transaction.id)` as Apple's pages print. Only StoreKitTest
// is imported, as in Apple's Xcode test template.

import Foundation
import StoreKitTest
import Testing

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct SKTestSessionIdentifierTests {
  // https://developer.apple.com/documentation/storekittest/sktestsession/refundtransaction(identifier:)
  @Test func refundTakesAUIntOrAnIntIdentifier() async throws {
    let session = try DemoCatalog.freshSession()
    let lifetime = try await session.buyProduct(identifier: DemoCatalog.lifetime)
    try session.refundTransaction(identifier: UInt(lifetime.id))
    let refunded = try #require(await Transaction.latest(for: DemoCatalog.lifetime))
    #expect(try refunded.payloadValue.revocationDate != nil)

    let monthly = try await session.buyProduct(identifier: DemoCatalog.monthly)
    try session.refundTransaction(identifier: Int(monthly.id))
    let revoked = try #require(await Transaction.latest(for: DemoCatalog.monthly))
    #expect(try revoked.payloadValue.revocationDate != nil)
    session.clearTransactions()
  }

  // https://developer.apple.com/documentation/storekittest/sktestsession/disableautorenewfortransaction(identifier:)
  // and the price-increase controls beside it.
  @Test func subscriptionControlsTakeUIntIdentifiers() async throws {
    let session = try DemoCatalog.freshSession()
    let transaction = try await session.buyProduct(identifier: DemoCatalog.monthly)
    // SKTestTransaction's identifiers convert and compare with either spelling.
    let listed = try #require(session.allTransactions().first)
    #expect(listed.identifier == UInt(transaction.id))
    #expect(UInt(listed.originalTransactionIdentifier) == UInt(transaction.originalID))

    try session.disableAutoRenewForTransaction(identifier: UInt(transaction.id))
    #expect(session.allTransactions().first?.autoRenewingEnabled == false)
    try session.enableAutoRenewForTransaction(identifier: UInt(listed.identifier))
    #expect(session.allTransactions().first?.autoRenewingEnabled == true)

    try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(transaction.id))
    #expect(session.allTransactions().first?.isPendingPriceIncreaseConsent == true)
    try session.consentToPriceIncreaseForTransaction(identifier: UInt(transaction.id))
    #expect(session.allTransactions().first?.isPendingPriceIncreaseConsent == false)
    try session.requestPriceIncreaseConsentForTransaction(identifier: Int(transaction.id))
    try session.declinePriceIncreaseForTransaction(identifier: UInt(transaction.id))
    #expect(session.allTransactions().first?.isPendingPriceIncreaseConsent == false)

    try session.deleteTransaction(identifier: UInt(transaction.id))
    #expect(session.allTransactions().isEmpty)
  }

  // https://developer.apple.com/documentation/storekittest/sktestsession/approveasktobuytransaction(identifier:)
  @Test func askToBuyAndInterruptedControlsTakeUIntIdentifiers() async throws {
    let session = try DemoCatalog.freshSession()
    session.askToBuyEnabled = true
    await #expect(throws: SKTestError(.invalidAction)) {
      try await session.buyProduct(identifier: DemoCatalog.lifetime)
    }
    let pending = try #require(session.allTransactions().first)
    try session.approveAskToBuyTransaction(identifier: UInt(pending.identifier))
    #expect(session.allTransactions().first?.state == .purchased)

    await #expect(throws: SKTestError(.invalidAction)) {
      try await session.buyProduct(identifier: DemoCatalog.monthly)
    }
    let declined = try #require(session.allTransactions().last)
    try session.declineAskToBuyTransaction(identifier: UInt(declined.identifier))
    #expect(session.allTransactions().last?.state == .failed)

    session.askToBuyEnabled = false
    session.interruptedPurchasesEnabled = true
    session.clearTransactions()
    await #expect(throws: SKTestError(.invalidAction)) {
      try await session.buyProduct(identifier: DemoCatalog.lifetime)
    }
    let interrupted = try #require(session.allTransactions().first)
    try session.resolveIssueForTransaction(identifier: UInt(interrupted.identifier))
    #expect(session.allTransactions().first?.hasPurchaseIssue == false)

    // An identifier no transaction has, in either spelling.
    #expect(throws: SKTestError(.noTransactionFound)) {
      try session.refundTransaction(identifier: UInt.max)
    }
    session.resetToDefaultState()
    session.clearTransactions()
  }
}
