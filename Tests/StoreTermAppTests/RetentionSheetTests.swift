import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer
import StoreTermTestSupport
import Synchronization
import TerminalUI
import Testing

@testable import StoreTermApp
@testable import StoreTermCLI

/// The terminal UI's cancel flow with retention messaging: `a` on a renewing subscription asks
/// the App Store, which calls the developer's Get Retention Message endpoint; the sheet shows
/// the message and its offer, and the customer turns auto-renew off, keeps the subscription or
/// takes the offer.
@MainActor @Suite struct RetentionSheetTests {
  static let message = "7a2b3c4d-0000-4000-8000-00000000000a"

  /// A Get Retention Message endpoint on loopback: verifies each signed request with the
  /// ledger's CA and answers `answer`.
  final class Endpoint: Sendable {
    /// The requests that verified, in order.
    final class Received: Sendable {
      let list = Mutex<[DecodedRealtimeRequestBody]>([])
    }

    let server: HTTPServer
    let received = Received()

    init(verifier: SignedDataVerifier, answer: String) throws {
      let received = self.received
      server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
        guard let body = try? JSONParser.parse(request.body),
          case .string(let jws) = body["signedPayload"],
          case .success(let verified) = verifier.verify(jws, as: DecodedRealtimeRequestBody.self),
          let payload = try? verified.payloadValue
        else { return HTTPResponse(status: 400) }
        received.list.withLock { $0.append(payload) }
        return HTTPResponse(status: 200, contentType: "application/json", body: Array(answer.utf8))
      }
    }

    var url: String { "http://127.0.0.1:\(server.port)/retention" }
  }

  /// A ledger with the default customer's Plus Monthly, a retention message and `answer` as
  /// what its endpoint chooses.
  func configured(answer: String) async throws -> (database: String, endpoint: Endpoint) {
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    let bought = await runStoreTerm(["--db", database, "purchase", Fixtures.plusMonthly])
    #expect(bought.status == 0, "\(bought.standardError)")
    let ledger = try SQLiteLedger(location: .file(database))
    let identity = SignedDataConfiguration()
    let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory.path)
    let endpoint = try Endpoint(
      verifier: authority.makeVerifier(configuration: identity), answer: answer)
    let store = RetentionStore(ledger: ledger, identity: identity)
    try store.addMessage(
      RetentionMessageRecord(
        id: Self.message, state: "APPROVED",
        message: RetentionMessage(header: "Stay with Plus", body: "Three months at 2.99")),
      limit: 10, date: Date())
    try store.setRealtimeURL(endpoint.url)
    return (database, endpoint)
  }

  /// ``configured(answer:)``, and the UI's state on the account screen with the subscription
  /// selected.
  func walk(answer: String) async throws
    -> (AppState, HeadlessFrontEnd, Endpoint, UInt64)
  {
    let (database, endpoint) = try await configured(answer: answer)
    let frontEnd = try await HeadlessFrontEnd(database: database)
    let snapshot = try #require(frontEnd.snapshot)
    #expect(snapshot.retentionConfigured)
    var state = AppState(snapshot: snapshot, size: Size(width: 100, height: 30))
    _ = StoreTermApp.update(&state, .show(.account))
    let id = try #require(AccountScreen.selectedRecord(state)?.id)
    return (state, frontEnd, endpoint, id)
  }

  func text(_ state: AppState) -> String {
    StoreTermApp.view(state, size: Size(width: 100, height: 30)).lines.joined(separator: "\n")
  }

  static let promotional =
    #"{"promotionalOffer":{"messageIdentifier":"\#(message)","promotionalOfferSignatureV1":{"productId":"\#(Fixtures.plusMonthly)","offerIdentifier":"plus.monthly.comeback","nonce":"5bd7f4c6-1f52-4d1e-9c61-2d3c4f0a9b7e","timestamp":1,"keyId":"K","encodedSignature":"c2ln"}}}"#

  /// The real app on the real ``Program``, typed at as its frames show: `2`, `a`, the offer,
  /// `t`, the result, `Enter`, quit.
  @Test func theProgramShowsTheOfferAndTakesIt() async throws {
    let (database, endpoint) = try await configured(answer: Self.promotional)
    let parsed = try StoreTermCommand.parser.parse(["ui", "--db", database])
    let context = try CommandContext(parsed: parsed, output: CapturedOutput(), environment: [:])
      .openStore()
    let inner = StoreEffectRunner(context: context, log: DiagnosticLog()) { _ in
      throw CommandFailure("no other customers in this test")
    }
    let terminal = ScriptedTerminal(
      size: Size(width: 100, height: 30),
      steps: [
        .init(waitFor: "▸ Premium Yearly", [.key(.char("2"))]),
        .init(waitFor: "auto-renew on", [.key(.char("a"))]),
        .init(waitFor: "Offer: plus.monthly.comeback on Plus Monthly", [.key(.char("t"))]),
        .init(waitFor: "Offer taken: Plus Monthly continues.", [.key(.enter)]),
        .init(
          waiting: "the account with the sheet closed",
          until: { !$0.contains("Before You Cancel") && $0.contains("auto-renew on") },
          [.key(.char("q"))]),
      ])
    let program = Program<StoreTermApp>(
      state: AppState(size: terminal.size), backend: terminal, runner: inner)
    // A safety net, not a timing assertion (see HeadlessAppTests).
    let guardTask = Task { @MainActor in
      try await Task.sleep(for: .seconds(900))
      terminal.shutdown()
    }
    let final = await program.run()
    guardTask.cancel()
    await inner.stop()
    endpoint.server.stop()
    #expect(
      terminal.waitingFor == nil, "the script stopped waiting for \(terminal.waitingFor ?? "")")
    #expect(final.isFinished)
    let shown = terminal.frames.map { $0.lines.joined(separator: "\n") }
      .first { $0.contains("Before You Cancel") && $0.contains("Stay with Plus") }
    #expect(shown?.contains("Three months at 2.99") == true)
    #expect(endpoint.received.list.withLock { $0.count } == 1)
    let chain = try #require(try context.ledger.subscriptions(originalIDs: [1]).first)
    #expect(chain.offer?.id == "plus.monthly.comeback")
    #expect(chain.willAutoRenew)
  }

  @Test func theOfferIsShownAndTaken() async throws {
    let answer = Self.promotional
    var (state, frontEnd, endpoint, id) = try await walk(answer: answer)
    #expect(
      StoreTermApp.update(&state, .account(.toggleAutoRenew)) == [
        .retentionOffer(transactionID: id)
      ])
    #expect(text(state).contains("The App Store is preparing your options…"))
    await frontEnd.run(.retentionOffer(transactionID: id))
    let shown = try #require(frontEnd.retentionAnswers.last)
    #expect(StoreTermApp.update(&state, .retention(shown)).isEmpty)
    let screen = text(state)
    #expect(screen.contains("Before You Cancel"))
    #expect(screen.contains("Stay with Plus"))
    #expect(screen.contains("Three months at 2.99"))
    #expect(screen.contains("Offer: plus.monthly.comeback on Plus Monthly"))
    let request = try #require(endpoint.received.list.withLock { $0.first })
    #expect(request.originalTransactionId == String(id))
    #expect(request.productId == Fixtures.plusMonthly)
    #expect(request.environment == .xcode)
    // The customer takes it: the offer applies from the next renewal, auto-renew stays on.
    let effects = StoreTermApp.update(&state, .retention(.takeOffer))
    guard case .takeRetentionOffer(let offer, let target) = effects.first else {
      Issue.record("no take effect: \(effects)")
      return
    }
    #expect(target == id)
    await frontEnd.run(.takeRetentionOffer(offer, transactionID: id))
    let taken = try #require(frontEnd.retentionAnswers.last)
    #expect(taken == .taken(.product(Fixtures.plusMonthly)))
    _ = StoreTermApp.update(&state, .retention(taken))
    #expect(text(state).contains("Offer taken: Plus Monthly continues."))
    let records = try frontEnd.records()
    #expect(records.count == 1)
    let chain = try #require(frontEnd.snapshot?.subscriptions[id])
    #expect(chain.offer?.type == .promotionalOffer)
    #expect(chain.offer?.id == "plus.monthly.comeback")
    #expect(chain.willAutoRenew)
    _ = StoreTermApp.update(&state, .retention(.keep))
    #expect(state.modal == nil)
    endpoint.server.stop()
    await frontEnd.stop()
  }

  @Test func aMessageAloneLeadsOnToAutoRenewOff() async throws {
    let answer = #"{"message":{"messageIdentifier":"\#(Self.message)"}}"#
    var (state, frontEnd, endpoint, id) = try await walk(answer: answer)
    _ = StoreTermApp.update(&state, .account(.toggleAutoRenew))
    await frontEnd.run(.retentionOffer(transactionID: id))
    _ = StoreTermApp.update(&state, .retention(try #require(frontEnd.retentionAnswers.last)))
    let screen = text(state)
    #expect(screen.contains("Stay with Plus"))
    #expect(screen.contains("Enter to turn off auto-renew · Esc to keep"))
    #expect(StoreTermApp.update(&state, .retention(.takeOffer)).isEmpty)
    #expect(
      StoreTermApp.update(&state, .retention(.turnOff)) == [
        .manage(.autoRenewOff, transactionID: id)
      ])
    #expect(state.modal == nil)
    await frontEnd.run(.manage(.autoRenewOff, transactionID: id))
    #expect(frontEnd.snapshot?.statuses.values.first?.willAutoRenew == false)
    endpoint.server.stop()
    await frontEnd.stop()
  }

  @Test func withoutAMessageAutoRenewGoesOffAsBefore() {
    var state = Fixtures.state(screen: .account)
    state.account.selected = 3
    state.snapshot.retentionConfigured = true
    #expect(
      StoreTermApp.update(&state, .account(.toggleAutoRenew)) == [.retentionOffer(transactionID: 1)]
    )
    #expect(
      StoreTermApp.update(&state, .retention(.shown(nil))) == [
        .manage(.autoRenewOff, transactionID: 1)
      ])
    #expect(state.modal == nil)
    // Esc keeps the subscription: nothing is sent.
    _ = StoreTermApp.update(&state, .account(.toggleAutoRenew))
    let offer = RetentionOffer(
      messageIdentifier: "m", message: RetentionMessage(header: "h", body: "b"), proposal: .message,
      source: .defaultMessage)
    _ = StoreTermApp.update(&state, .retention(.shown(offer)))
    #expect(StoreTermApp.update(&state, .retention(.keep)).isEmpty)
    #expect(state.modal == nil)
    #expect(state.toast?.message == "Auto-renew stays on; nothing changed.")
  }
}
