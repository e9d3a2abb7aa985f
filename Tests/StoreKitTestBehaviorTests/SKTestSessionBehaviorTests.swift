// What SKTestSession does, each test after the Apple page that says so. Only StoreKitTest is
// imported, as in Apple's Xcode test template: it re-exports StoreKit.

import Foundation
import StoreKitTest
import Testing

/// The repository's demo catalog and the XCTest template's catalog: two different files.
private enum Files {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let demo = root.appending(path: "Fixtures/Demo.storekit")
  static let store = root.appending(path: "Tests/StoreKitXCTestTemplateTests/Store.storekit")

  static let lifetime = "dev.storeterm.demo.lifetime"
  static let monthly = "dev.storeterm.demo.plus.monthly"
  static let demoGroup = "5A1E0001"
  static let coins = "com.example.store.coins"
}

/// Serialized: every session controls the process's one test environment.
@Suite(.serialized, .sharedTestEnvironment) @MainActor struct SKTestSessionBehaviorTests {
  // https://developer.apple.com/documentation/storekittest/sktestsession : "There's a single
  // instance of the test environment. All SKTestSession instances control the same test
  // environment."
  @Test func everySessionControlsTheOneTestEnvironment() async throws {
    let first = try SKTestSession(contentsOf: Files.demo)
    first.clearTransactions()
    let bought = try await first.buyProduct(identifier: Files.lifetime)

    // A session over another file loads that file's products and settings, and keeps the
    // transactions.
    first.askToBuyEnabled = true
    let second = try SKTestSession(contentsOf: Files.store)
    #expect(second != first)
    #expect(second.askToBuyEnabled == false)
    #expect(first.askToBuyEnabled == false)
    #expect(second.allTransactions().map(\.identifier) == [Int(bought.id)])
    #expect(try await Product.products(for: [Files.coins]).map(\.id) == [Files.coins])
    #expect(try await Product.products(for: [Files.lifetime]).isEmpty)

    // A change through one session is seen through the other.
    second.askToBuyEnabled = true
    #expect(first.askToBuyEnabled)
    first.storefront = "FRA"
    #expect(second.storefront == "FRA")
    first.askToBuyEnabled = false
    #expect(second.askToBuyEnabled == false)
    _ = try await second.buyProduct(identifier: Files.coins, options: [])
    #expect(first.allTransactions().map(\.productIdentifier) == [Files.lifetime, Files.coins])
    second.resetToDefaultState()
    second.clearTransactions()
    #expect(first.allTransactions().isEmpty)
  }

  // https://developer.apple.com/documentation/storekittest/sktestsession/resettodefaultstate() :
  // settings return to the configuration file's; transactions stay.
  @Test func resetToDefaultStateRevertsSettingsAndKeepsTransactions() async throws {
    let session = try SKTestSession(contentsOf: Files.demo)
    session.clearTransactions()
    _ = try await session.buyProduct(identifier: Files.lifetime)
    session.askToBuyEnabled = true
    session.interruptedPurchasesEnabled = true
    session.storefront = "FRA"
    session.locale = Locale(identifier: "fr_FR")
    session.timeRate = .oneRenewalEveryTwoSeconds
    session.disableDialogs = true
    session.billingGracePeriodIsEnabled = true
    session.shouldEnterBillingRetryOnRenewal = true
    try await session.setSimulatedError(.generic(.notEntitled), forAPI: .appStoreSync)

    session.resetToDefaultState()

    #expect(session.askToBuyEnabled == false)
    #expect(session.interruptedPurchasesEnabled == false)
    #expect(session.storefront == "USA")
    #expect(session.locale.identifier == "en_US")
    #expect(session.timeRate == .realTime)
    #expect(session.disableDialogs == false)
    #expect(session.billingGracePeriodIsEnabled == false)
    #expect(session.shouldEnterBillingRetryOnRenewal == false)
    #expect(await session.simulatedError(forAPI: .appStoreSync) == nil)
    #expect(session.allTransactions().map(\.productIdentifier) == [Files.lifetime])
    session.clearTransactions()
  }

  // https://developer.apple.com/documentation/storekittest/sktestsession/timerate : under an
  // accelerated rate a subscription renews on its own; an app listening to Transaction.updates
  // receives the renewal without calling anything.
  @Test func underAnAcceleratedRateRenewalsArriveWhileTheAppListens() async throws {
    let session = try SKTestSession(contentsOf: Files.demo)
    session.resetToDefaultState()
    session.clearTransactions()
    defer {
      session.resetToDefaultState()
      session.clearTransactions()
    }
    // The app's listener, started before anything happens, as Apple's sample apps start it.
    let heard = Heard()
    let listener = Task { @MainActor in
      for await update in Transaction.updates {
        if case .verified(let transaction) = update { heard.transactions.append(transaction) }
      }
    }
    defer { listener.cancel() }
    session.timeRate = .oneRenewalEveryTwoSeconds
    let product = try #require(try await Product.products(for: [Files.monthly]).first)
    guard case .success(.verified(let bought)) = try await product.purchase() else {
      Issue.record("the purchase did not succeed")
      return
    }
    await bought.finish()
    // A bounded poll for what real time brings (two seconds of it), not a timing assertion;
    // nothing here calls StoreKit while it waits.
    for _ in 0..<300 where !heard.transactions.contains(where: { $0.id != bought.id }) {
      try await Task.sleep(for: .milliseconds(100))
    }
    let renewal = heard.transactions.first { $0.id != bought.id }
    let renewed = try #require(renewal, "no renewal reached Transaction.updates")
    #expect(renewed.originalID == bought.id)
    #expect(renewed.productID == Files.monthly)
    #expect(renewed.purchaseDate >= bought.expirationDate!.addingTimeInterval(-1))
  }

  // https://developer.apple.com/documentation/storekittest/sktestsession/setsimulatederror(_:forapi:)
  // : the API throws the error given, until it is set to nil.
  @Test func aSimulatedErrorIsThrownExactlyAndNilClearsIt() async throws {
    let session = try SKTestSession(contentsOf: Files.demo)
    let offline = URLError(.notConnectedToInternet)
    try await session.setSimulatedError(.generic(.networkError(offline)), forAPI: .loadProducts)
    #expect(await session.simulatedError(forAPI: .loadProducts) == .generic(.networkError(offline)))

    var thrown: URLError?
    do {
      _ = try await Product.products(for: [Files.lifetime])
    } catch StoreKitError.networkError(let error) {
      thrown = error
    }
    #expect(thrown?.code == .notConnectedToInternet)

    try await session.setSimulatedError(nil, forAPI: .loadProducts)
    #expect(await session.simulatedError(forAPI: .loadProducts) == nil)
    #expect(try await Product.products(for: [Files.lifetime]).count == 1)

    try await session.setSimulatedError(.purchase(.productUnavailable), forAPI: .purchase)
    let product = try #require(try await Product.products(for: [Files.lifetime]).first)
    await #expect(throws: Product.PurchaseError.productUnavailable) { try await product.purchase() }
    try await session.setSimulatedError(nil, forAPI: .purchase)
  }

  // https://developer.apple.com/documentation/storekittest/sktesttransaction/pendingasktobuyconfirmation
  // : with askToBuyEnabled, a purchase waits for approveAskToBuyTransaction(identifier:).
  // buyProduct(identifier:options:) returns a Transaction and there is none yet, so it records
  // the pending request and throws SKTestError.invalidAction (Docs/DECISIONS.md).
  @Test func buyProductUnderAskToBuyRecordsTheRequestAndThrows() async throws {
    let session = try SKTestSession(contentsOf: Files.demo)
    session.clearTransactions()
    session.askToBuyEnabled = true
    await #expect(throws: SKTestError(.invalidAction)) {
      try await session.buyProduct(identifier: Files.lifetime)
    }
    let pending = try #require(session.allTransactions().first)
    #expect(pending.pendingAskToBuyConfirmation)
    #expect(pending.state == .deferred)

    try session.approveAskToBuyTransaction(identifier: pending.identifier)
    let approved = try #require(await Transaction.latest(for: Files.lifetime))
    #expect(try approved.payloadValue.id == UInt64(pending.identifier))
    #expect(session.allTransactions().first?.state == .purchased)
    session.resetToDefaultState()
    session.clearTransactions()
  }

  // https://developer.apple.com/documentation/storekit/testing-an-interrupted-purchase : the
  // payment fails until the issue is resolved; resolveIssueForTransaction(identifier:) resolves it.
  @Test func buyProductUnderInterruptedPurchasesRecordsTheIssueAndThrows() async throws {
    let session = try SKTestSession(contentsOf: Files.demo)
    session.clearTransactions()
    session.interruptedPurchasesEnabled = true
    await #expect(throws: SKTestError(.invalidAction)) {
      try await session.buyProduct(identifier: Files.lifetime)
    }
    let interrupted = try #require(session.allTransactions().first)
    #expect(interrupted.hasPurchaseIssue)
    #expect(interrupted.state == .failed)

    try session.resolveIssueForTransaction(identifier: interrupted.identifier)
    #expect(session.allTransactions().first?.hasPurchaseIssue == false)
    #expect(await Transaction.latest(for: Files.lifetime) != nil)
    session.resetToDefaultState()
    session.clearTransactions()
  }

  // https://developer.apple.com/documentation/storekit/product/subscriptioninfo/iseligibleforintrooffer
  // : false once the customer has subscribed to any product of the group.
  @Test func introEligibilityEndsWithAPurchaseInTheGroup() async throws {
    let session = try SKTestSession(contentsOf: Files.demo)
    session.clearTransactions()
    let product = try #require(try await Product.products(for: [Files.monthly]).first)
    let info = try #require(product.subscription)
    #expect(await info.isEligibleForIntroOffer)

    let transaction = try await session.buyProduct(identifier: Files.monthly)

    #expect(await info.isEligibleForIntroOffer == false)
    #expect(await Product.SubscriptionInfo.isEligibleForIntroOffer(for: Files.demoGroup) == false)
    let listed = try #require(session.allTransactions().first)
    #expect(listed.identifier == Int(transaction.id))
    #expect(listed.autoRenewingEnabled)
    try session.disableAutoRenewForTransaction(identifier: listed.identifier)
    #expect(session.allTransactions().first?.autoRenewingEnabled == false)
    session.clearTransactions()
  }

  // https://developer.apple.com/documentation/storekittest/sktesterror/code : controls on a
  // transaction or subscription that does not exist.
  @Test func controlsReportStoreKitTestErrors() throws {
    let session = try SKTestSession(contentsOf: Files.demo)
    session.clearTransactions()
    #expect(throws: SKTestError(.noTransactionFound)) {
      try session.refundTransaction(identifier: 987_654)
    }
    #expect(throws: SKTestError(.noSubscriptionFound)) {
      try session.expireSubscription(productIdentifier: Files.monthly)
    }
    #expect(throws: SKTestError(.fileNotFound)) {
      try SKTestSession(configurationFileNamed: "NoSuchConfiguration")
    }
  }
}

/// What an app's `Transaction.updates` listener heard.
@MainActor private final class Heard {
  var transactions: [Transaction] = []
}
