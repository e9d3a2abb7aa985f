import StoreKit
import StoreManager
import Testing

/// Every state against every event, each with its exact expected outcome.
@Suite struct PurchaseMachineTests {
  static let failure = PurchaseFailure.storeKit("StoreKitError.networkError: offline")
  static let unverified = PurchaseFailure.unverified(.invalidSignature)

  static let states: [PurchaseState] = [
    .idle, .purchasing, .succeeded(transactionID: 7), .pending, .cancelled, .failed(failure),
    .declined,
  ]

  static let events: [PurchaseEvent] = [
    .start, .resultSucceeded(transactionID: 7), .resultSucceeded(transactionID: 8), .resultPending,
    .resultCancelled, .resultFailed(failure), .resultFailed(unverified),
    .updateSucceeded(transactionID: 7), .updateSucceeded(transactionID: 8),
    .updateRefused(unverified), .declined, .dismiss,
  ]

  /// The expected next state of each state for each event, in the order of `events`; `nil`
  /// means the event is ignored (and, for `start`, that the purchase must not be made).
  static let table: [PurchaseState: [PurchaseState?]] = [
    .idle: [.purchasing, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil],
    .purchasing: [
      nil, .succeeded(transactionID: 7), .succeeded(transactionID: 8), .pending, .cancelled,
      .failed(failure), .failed(unverified), .succeeded(transactionID: 7),
      .succeeded(transactionID: 8), nil, nil, nil,
    ],
    .succeeded(transactionID: 7): [
      .purchasing, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, .idle,
    ],
    .pending: [
      .purchasing, nil, nil, nil, nil, nil, nil, .succeeded(transactionID: 7),
      .succeeded(transactionID: 8), .failed(unverified), .declined, nil,
    ],
    .cancelled: [.purchasing, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, .idle],
    .failed(failure): [.purchasing, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, .idle],
    .declined: [.purchasing, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, .idle],
  ]

  @Test(arguments: states)
  func everyEventInState(_ state: PurchaseState) throws {
    let expected = try #require(PurchaseMachineTests.table[state])
    #expect(expected.count == PurchaseMachineTests.events.count)
    for (event, next) in zip(PurchaseMachineTests.events, expected) {
      #expect(PurchaseMachine.reduce(state, event) == next, "\(state) + \(event)")
    }
  }

  @Test func theHappyPathAndAskToBuy() {
    var state = PurchaseState.idle
    for (event, next) in [
      (PurchaseEvent.start, PurchaseState.purchasing),
      (.resultPending, .pending),
      (.updateSucceeded(transactionID: 3), .succeeded(transactionID: 3)),
      (.dismiss, .idle),
      (.start, .purchasing),
      (.resultPending, .pending),
      (.declined, .declined),
    ] {
      state = PurchaseMachine.reduce(state, event) ?? state
      #expect(state == next)
    }
  }

  @Test func aPurchaseStartedTwiceIsRefusedTheSecondTime() {
    let first = PurchaseMachine.reduce(.idle, .start)
    #expect(first == .purchasing)
    #expect(PurchaseMachine.reduce(.purchasing, .start) == nil)
  }

  @Test func anUpdateBeforeTheResultSettlesThePurchaseAndTheLateResultIsIgnored() {
    let settled = PurchaseMachine.reduce(.purchasing, .updateSucceeded(transactionID: 5))
    #expect(settled == .succeeded(transactionID: 5))
    #expect(PurchaseMachine.reduce(.succeeded(transactionID: 5), .resultPending) == nil)
    #expect(
      PurchaseMachine.reduce(.succeeded(transactionID: 5), .resultSucceeded(transactionID: 5))
        == nil)
  }

  @Test func anUnverifiedResultFailsWithItsReason() {
    #expect(
      PurchaseMachine.reduce(.purchasing, .resultFailed(.unverified(.invalidCertificateChain)))
        == .failed(.unverified(.invalidCertificateChain)))
    #expect(
      PurchaseState.failed(.unverified(.invalidCertificateChain)).description
        == "failed: the transaction failed verification (invalidCertificateChain)")
  }
}
