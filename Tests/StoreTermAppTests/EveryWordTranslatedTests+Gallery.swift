import Foundation
import StoreCore
import StoreManager
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermApp

/// The gallery every translation test draws: each screen, sheet, panel and message in a
/// language, and the data each shows.
extension EveryWordTranslatedTests {
  // MARK: - The gallery

  /// ``askedKeys()``, drawn once for the two tests that read it (the gallery in five languages
  /// is the slow part of this suite).
  static let asked = askedKeys()

  /// Every key the gallery and the outcomes ask ``UIText`` for, in each of the five languages.
  static func askedKeys() -> Set<String> {
    let probe = UITextProbe()
    UIText.$probe.withValue(probe) {
      for locale in ["de_DE", "en_US", "es_ES", "fr_FR", "ja_JP"] {
        let scenes = gallery(locale: locale)
        for scene in scenes { _ = screens(scene.state) }
        for (_, outcome) in outcomes() {
          _ = StoreTermApp.report(outcome, in: scenes[0].state.snapshot)
        }
      }
    }
    return probe.keys
  }

  /// The screens a scene shows: at each size, every page of help or a scrolled list.
  static func screens(_ state: AppState) -> [Screen] {
    var screens: [Screen] = []
    for size in sizes {
      var sized = state
      _ = StoreTermApp.update(&sized, .resized(size))
      screens.append(StoreTermApp.view(sized, size: size))
      // Help and the customer explainer scroll: every page of them.
      let scrolls: AppAction? =
        if case .help = sized.modal {
          .scrollHelp(size.height - 3)
        } else if sized.customers
          .detail != nil, sized.screen == .customers
        { .move(size.height - 6) } else { nil }
      guard let scrolls else { continue }
      for _ in 0..<12 {
        _ = StoreTermApp.update(&sized, scrolls)
        screens.append(StoreTermApp.view(sized, size: size))
      }
    }
    return screens
  }

  /// The words of the store's own data in `state` (names, identifiers, kinds, reasons the store
  /// gave) and of the keys' names: these are shown as they are in every language.
  static func dataWords(_ state: AppState) -> Set<String> {
    var words = Set(plainWords(strings(in: state.snapshot)))
    words.formUnion(plainWords(strings(in: state.customers.results)))
    words.formUnion(plainWords(strings(in: state.notifications)))
    // The open customer's own fields (not the explainer's phrases, which are worded).
    if let detail = state.customers.detail {
      words.formUnion(
        plainWords([detail.customerID, detail.name, detail.email, detail.storefront]))
    }
    for keymap in keymaps(state) {
      for section in keymap.helpSections(in: state) {
        words.formUnion(plainWords(section.entries.map(\.label)))
      }
    }
    return words
  }

  private static func keymaps(_ state: AppState) -> [Keymap<AppState, AppAction>] {
    [GlobalKeys.keymapBeneathHelp(state), GlobalKeys.keymap]
  }

  /// Every string stored anywhere inside `value`.
  static func strings(in value: Any) -> [String] {
    if let string = value as? String { return [string] }
    return Mirror(reflecting: value).children.flatMap { strings(in: $0.value) }
  }

  /// String literals in Sources/StoreTermApp and in StoreCore, whose support phrases and
  /// refusal reasons are keys (a key may be named in code drawn only in states the gallery does
  /// not reach).
  static func literalsInSources() throws -> Set<String> {
    var literals: Set<String> = []
    for folder in ["Sources/StoreTermApp", "Sources/StoreCore"] {
      let sources = TestPaths.packageRoot.appending(path: folder)
      let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
      for file in files {
        let text = try Data(contentsOf: sources.appending(path: file))
        literals.formUnion(stringLiterals(in: Array(text)))
      }
    }
    return literals
  }

  /// Every ``EffectOutcome`` case, as `update` words them.
  static func outcomes() -> [(String, EffectOutcome)] {
    let failure = PurchaseFailure.storeKit("StoreKitError.networkError")
    var outcomes: [(String, EffectOutcome)] = [
      ("restored", .restored), ("restoreFailed", .restoreFailed(failure)),
      ("refundRequested", .refundRequested(transactionID: 4)),
      ("refundFailed", .refundFailed(failure)),
      ("joinedFamily 1", .joinedFamily("smiths", received: 1)),
      ("joinedFamily 2", .joinedFamily("smiths", received: 2)),
      ("leftFamily", .leftFamily("smiths")),
      ("signedIn", .signedIn("default")),
      ("clockAdvanced 1", .clockAdvanced(seconds: 86_400, renewals: 1, billingFailures: [])),
      ("clockAdvanced 30", .clockAdvanced(seconds: 30 * 86_400, renewals: 0, billingFailures: [])),
    ]
    for action in ManageAction.allCases {
      outcomes.append(
        (
          "controlled \(action)",
          .controlled(action, transactionID: 1, productID: Fixtures.coins100)
        ))
    }
    return outcomes
  }

  /// Every screen, sheet, modal and message of the app, in `locale`'s language.
  static func gallery(locale: String) -> [Scene] {
    let storefront = locale == "ja_JP" ? "JPN" : "DEU"
    func state(
      _ snapshot: StoreSnapshot = Fixtures.demo(), screen: ScreenID = .paywall,
      readOnly: Bool = false, _ actions: AppAction...
    ) -> AppState {
      var state = Fixtures.state(snapshot, screen: screen, readOnly: readOnly)
      state.snapshot.locale = locale
      for action in actions { _ = StoreTermApp.update(&state, action) }
      return state
    }
    let demo = Fixtures.demo(storefront: storefront, locale: locale)
    var scenes: [Scene] = []
    func add(_ name: String, _ state: AppState) { scenes.append(Scene(name: name, state: state)) }

    for screen in ScreenID.allCases { add("screen \(screen)", state(demo, screen: screen)) }
    add(
      "paywall loading",
      {
        var loading = state(StoreSnapshot())
        loading.isLoaded = false
        return loading
      }())
    add("paywall empty", state(StoreSnapshot()))
    for (name, snapshot) in [
      ("grace", Fixtures.gracePeriod()), ("billing", Fixtures.billingProblem()),
      ("family", Fixtures.family()), ("no family", Fixtures.noFamily()),
    ] {
      for screen in [ScreenID.paywall, .account, .transactions] {
        add("\(name) \(screen)", state(snapshot, screen: screen))
      }
    }
    // The purchase sheet: each forced outcome, then each result.
    var sheet = state(demo, .paywall(.buy))
    for index in 0..<ForcedOutcome.choices.count {
      add("purchase sheet outcome \(index)", sheet)
      _ = StoreTermApp.update(&sheet, .purchaseSheet(.moveOutcome(1)))
    }
    let results: [PurchaseState] = [
      .purchasing, .succeeded(transactionID: 6), .pending, .cancelled, .declined,
      .failed(.storeKit("StoreKitError.networkError")),
    ]
    for result in results {
      var shown = state(demo, .paywall(.buy))
      shown.sheet?.phase = .result(result)
      add("purchase sheet \(result)", shown)
    }
    // Redeem: picked, scheduled, unknown code, unavailable, too long.
    add("redeem picked", state(demo, .redeem(.open), .redeem(.presented), .redeem(.move(1))))
    add(
      "redeem scheduled",
      state(
        demo, .redeem(.open), .redeem(.presented), .redeem(.move(1)), .redeem(.confirm),
        .redeem(.finished(productID: Fixtures.plusMonthly, state: .succeeded(transactionID: 1)))))
    add(
      "redeem unknown",
      state(demo, .redeem(.open), .redeem(.presented), .redeem(.type("S")), .redeem(.confirm)))
    add("redeem empty", state(demo, .redeem(.open), .redeem(.presented), .redeem(.confirm)))
    add(
      "redeem unavailable",
      state(demo, .redeem(.open), .redeem(.presentFailed(.storeKit("StoreKitError.networkError")))))
    // Refund: reasons, sent, finished.
    var refund = state(demo, screen: .account)
    refund.account.selected = 3
    _ = StoreTermApp.update(&refund, .refund(.open))
    add("refund reasons", refund)
    _ = StoreTermApp.update(&refund, .refund(.confirm))
    add("refund sent", refund)
    var refunded = refund
    _ = StoreTermApp.update(&refunded, .finished(.refundRequested(transactionID: 2)))
    add("refund requested", refunded)
    _ = StoreTermApp.update(&refund, .finished(.refundFailed(.storeKit("StoreKitError.unknown"))))
    add("refund failed", refund)
    // Retention: asking, a message with each offer, a message alone, taken, refused.
    var asking = state(demo, screen: .account)
    asking.retentionSheet = RetentionSheetState(
      transactionID: 1, productID: Fixtures.plusMonthly)
    add("retention asking", asking)
    let message = RetentionMessage(
      header: "Stay", body: "Three months",
      image: RetentionMessage.Image(imageIdentifier: "i", altText: "Cloud"),
      bulletPoints: [
        RetentionMessage.BulletPoint(
          text: "Family", image: RetentionMessage.Image(imageIdentifier: "b", altText: "b"))
      ])
    let proposals: [RetentionOffer.Proposal] = [
      .message, .alternateProduct(productID: Fixtures.plusMonthly, billingPlanType: nil),
      .promotionalOffer(productID: Fixtures.plusMonthly, offerID: "comeback"),
    ]
    let words: Set<String> = ["Stay", "Three", "months", "Cloud", "Family", "comeback"]
    for (index, proposal) in proposals.enumerated() {
      var shown = asking
      let offer = RetentionOffer(
        messageIdentifier: "m", message: message, proposal: proposal, source: .realtime)
      _ = StoreTermApp.update(&shown, .retention(.shown(offer)))
      scenes.append(Scene(name: "retention offer \(index)", state: shown, data: words))
      if index == 2 {
        _ = StoreTermApp.update(&shown, .retention(.takeOffer))
        scenes.append(Scene(name: "retention taking", state: shown, data: words))
        var taken = shown
        _ = StoreTermApp.update(&taken, .retention(.taken(.product(Fixtures.plusMonthly))))
        add("retention taken", taken)
        _ = StoreTermApp.update(&shown, .retention(.taken(.failed("refused"))))
        scenes.append(Scene(name: "retention refused", state: shown, data: ["refused"]))
      }
    }
    // Family: join (typed, picked, refused, joined), leave.
    add("family join", state(Fixtures.noFamily(), screen: .account, .family(.openJoin)))
    add(
      "family join typed",
      state(Fixtures.noFamily(), screen: .account, .family(.openJoin), .family(.type("?"))))
    add(
      "family join picked",
      state(Fixtures.noFamily(), screen: .account, .family(.openJoin), .family(.move(1))))
    add(
      "family joined",
      state(
        Fixtures.noFamily(), screen: .account, .family(.openJoin), .family(.move(1)),
        .family(.confirm), .finished(.joinedFamily("smiths", received: 2))))
    add(
      "family refused",
      state(
        Fixtures.noFamily(), screen: .account, .family(.openJoin), .family(.move(1)),
        .family(.confirm), .finished(.familyRefused(.engine(.familyFull("smiths"))))))
    add("family leave", state(Fixtures.family(), screen: .account, .family(.askLeave)))
    add(
      "family left",
      state(
        Fixtures.family(), screen: .account, .family(.askLeave), .family(.confirm),
        .finished(.leftFamily("smiths"))))
    // Transactions: inspector, filter prompt and typing, read-only.
    add(
      "transactions inspector", state(demo, screen: .transactions, .transactions(.toggleInspector)))
    add(
      "transactions filtering", state(demo, screen: .transactions, .transactions(.filter(.begin))))
    add(
      "transactions filtered",
      state(
        demo, screen: .transactions, .transactions(.filter(.begin)),
        .transactions(.filter(.type("z"))), .transactions(.filter(.commit))))
    add("transactions read-only", state(demo, screen: .transactions, readOnly: true))
    for index in 0..<5 {
      var selected = state(demo, screen: .transactions)
      for _ in 0..<index { _ = StoreTermApp.update(&selected, .move(1)) }
      add("transactions row \(index)", selected)
      _ = StoreTermApp.update(&selected, .transactions(.toggleInspector))
      add("transactions row \(index) inspector", selected)
    }
    // Settings, customer switcher, customers (list, typing, detail), notifications.
    var settings = state(demo, screen: .transactions, .settings(.open))
    for index in 0..<14 {
      add("settings row \(index)", settings)
      _ = StoreTermApp.update(&settings, .settings(.change(1)))
      add("settings row \(index) changed", settings)
      _ = StoreTermApp.update(&settings, .settings(.move(1)))
    }
    add("customer switcher", state(demo, screen: .account, .customerPicker(.open)))
    var customers = CustomerFixtures.listed()
    customers.snapshot.locale = locale
    add("customers", customers)
    var typing = customers
    _ = StoreTermApp.update(&typing, .support(.beginTyping))
    add("customers typing", typing)
    var nothing = customers
    nothing.customers.results = []
    add("customers none found", nothing)
    var detail = CustomerFixtures.opened()
    detail.snapshot.locale = locale
    add("customer detail", detail)
    var notifications = NotificationsScreenTests.listed()
    notifications.snapshot.locale = locale
    add("notifications", notifications)
    _ = StoreTermApp.update(&notifications, .notifications(.toggleInspector))
    add("notification inspector", notifications)
    // Help over every screen and sheet; messages; quit; each outcome's toast.
    let helped = [
      "screen", "family account", "transactions read-only", "customer detail",
      "purchase sheet outcome 0", "redeem picked", "refund reasons", "family join",
      "settings row 0", "customer switcher", "notification inspector",
    ]
    for scene in scenes where helped.contains(where: scene.name.hasPrefix) {
      var help = scene.state
      _ = StoreTermApp.update(&help, .toggleHelp)
      scenes.append(Scene(name: "help over \(scene.name)", state: help))
    }
    add("messages empty", state(demo, .messages(.toggle)))
    scenes.append(
      Scene(
        name: "messages",
        state: state(demo, .finished(.restored), .refused("refused"), .messages(.toggle)),
        data: ["refused"]))
    var quit = state(demo)
    quit.snapshot.purchaseStates[Fixtures.coins100] = .purchasing
    _ = StoreTermApp.update(&quit, .quit)
    add("quit", quit)
    for (name, outcome) in outcomes() {
      scenes.append(
        Scene(
          name: "toast \(name)", state: state(demo, .finished(outcome)),
          data: Set(plainWords(strings(in: outcome)))))
    }
    return scenes
  }
}
