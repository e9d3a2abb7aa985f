import Foundation
import StoreTermTestSupport
import Testing

/// The real `storeterm` binary in tmux, on a fresh ledger per test: the paywall, a purchase with
/// an intro offer, Ask to Buy approved from a second process without a key press, a refund from
/// the transaction manager and one through the refund sheet, resizing, and a restored shell after `q`.
///
/// Without tmux these tests are skipped with a printed reason, except under `CI=true`, where a
/// missing tmux is a failure. Waits are bounded polls of `capture-pane`, never timing assertions.
@Suite(.serialized) struct StoreTermTmuxTests {
  static func tmuxIsAvailable() -> Bool {
    TmuxSession.isAvailable(for: "the storeterm ui tmux tests")
  }

  /// Starts `storeterm ui` (or `command`) in a fresh 80×24 session and waits for the paywall.
  private func start(_ command: String = "t ui") throws -> TmuxSession {
    let session = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send(command, "Enter")
    let shown = try session.waitUntil { lines in
      lines.contains { $0.contains("Plus Monthly") && $0.contains("$4.99 / month") }
    }
    #expect(shown.held, "the paywall did not appear:\n\(shown.lines.joined(separator: "\n"))")
    return session
  }

  /// Selects the lifetime unlock (the tenth product) and opens its purchase sheet.
  private func openSheetForLifetimeUnlock(_ session: TmuxSession) throws {
    for _ in 0..<9 { try session.send("j") }
    try waitFor(session, "Lifetime Unlock", "selected") { $0.hasPrefix(" ▸") }
    try session.send("Enter")
    #expect(try session.waitUntil { $0.contains { $0.contains("QA outcome") } }.held)
  }

  /// Buys the lifetime unlock from its sheet and waits until the paywall shows it owned.
  private func buyLifetimeUnlock(_ session: TmuxSession) throws {
    try openSheetForLifetimeUnlock(session)
    try session.send("Enter")
    #expect(try session.waitUntil { $0.contains { $0.contains("Purchased (transaction") } }.held)
    try session.send("Escape")
    try waitFor(session, "Lifetime Unlock", "Owned") { $0.contains("Owned") }
  }

  /// The paywall line of the product called `name`.
  private func line(_ name: String, in lines: [String]) -> String? {
    lines.first { $0.hasPrefix("   \(name)") || $0.hasPrefix(" ▸ \(name)") }
  }

  /// Waits until the paywall line of `name` satisfies `condition`.
  private func waitFor(
    _ session: TmuxSession, _ name: String, _ description: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping (String) -> Bool
  ) throws {
    let result = try session.waitUntil { lines in
      self.line(name, in: lines).map(condition) ?? false
    }
    #expect(
      result.held, "\(name): \(description)\n\(result.lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  private func quit(_ session: TmuxSession) throws {
    try session.send("q")
    let restored = try session.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
    #expect(
      restored.held, "q did not restore the shell:\n\(restored.lines.joined(separator: "\n"))")
    #expect(!restored.lines.contains { $0.contains("1 Paywall") })
  }

  /// `storeterm` with no command opens the front end on a terminal.
  @Test func thePaywallShowsTheDemoPricesAndOffers() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start("t")
    let lines = try session.capture()
    #expect(lines.first?.hasPrefix(" 1 Paywall   2 Account   3 Transactions   4 Event log") == true)
    #expect(line("Plus Monthly", in: lines)?.contains("1 week free, then $4.99 / month") == true)
    #expect(line("Premium Yearly", in: lines)?.hasSuffix("$99.99 / year") == true)
    #expect(line("100 Coins", in: lines)?.hasSuffix("$0.99") == true)
    try quit(session)
  }

  @Test func clicksSwitchTabsAndSelectProducts() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    try session.click(x: 14, y: 0)
    #expect(try session.waitUntil { $0.contains { $0.hasPrefix(" Account: default") } }.held)
    try session.click(x: 4, y: 0)
    try waitFor(session, "Premium Yearly", "selected again on the paywall") { $0.hasPrefix(" ▸") }
    try session.click(x: 20, y: 3)
    try waitFor(session, "Plus Monthly", "selected by the click") { $0.hasPrefix(" ▸") }
    try quit(session)
  }

  @Test func buyingWithAnIntroOfferShowsActiveAndNoTrialText() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    try session.send("j")
    try session.send("Enter")
    #expect(
      try session.waitUntil { $0.contains { $0.contains("QA outcome: ◂ App Store decides ▸") } }
        .held)
    try session.send("Enter")
    #expect(try session.waitUntil { $0.contains { $0.contains("Purchased (transaction") } }.held)
    try session.send("Escape")
    try waitFor(session, "Plus Monthly", "Active without the trial text") {
      $0.contains("Active") && !$0.contains("free")
    }
    try quit(session)
  }

  @Test func redeemingAnOfferCodeFromTheSheetShowsTheResult() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    try session.send("c")
    #expect(try session.waitUntil { $0.contains { $0.contains("┌ Redeem Code ") } }.held)
    #expect(
      try session.waitUntil { $0.contains { $0.contains("Type a code, or pick one with") } }.held)
    try session.send("spring")
    try session.send("Enter")
    #expect(
      try session.waitUntil {
        $0.contains { $0.contains("“spring” is not an offer code of this app") }
      }.held)
    for _ in 0..<6 { try session.send("BSpace") }
    // Codes are matched ignoring case; the sheet sends the catalog's spelling.
    try session.send("podcast code: 1 month free")
    try session.send("Enter")
    let redeemed = try session.waitUntil { lines in
      lines.contains { $0.contains("Redeemed: Plus Monthly, 1 month free, then $4.99 / month") }
    }
    #expect(redeemed.held, "no result:\n\(redeemed.lines.joined(separator: "\n"))")
    #expect(redeemed.lines.contains { $0.contains("Code: Podcast code: 1 month free") })
    try session.send("Escape")
    try waitFor(session, "Plus Monthly", "Active after redeeming") {
      $0.contains("Active") && !$0.contains("free")
    }
    try quit(session)
  }

  /// tmux sends `ESC [1~` and `ESC [4~` for Home and End under every `TERM`; under
  /// xterm-256color, whose terminfo says `ESC OH`, they once read as Escape then `1`, which left
  /// the transactions for the paywall.
  @Test func homeAndEndMoveWithinTheTransactions() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    for _ in 0..<3 {
      let bought = try session.storeterm(["purchase", "dev.storeterm.demo.coins.100"])
      #expect(bought.status == 0, "\(bought.error)")
    }
    try session.send("3")
    // The selection follows a transaction, so where it starts depends on when each arrived.
    let listed = try session.waitUntil { $0.contains { $0.contains("Transactions (3)") } }
    #expect(listed.held, "\(listed.lines.joined(separator: "\n"))")
    try session.send("End")
    try expectTransactions(session, selecting: 1, "End selects the oldest")
    try session.send("Home")
    try expectTransactions(session, selecting: 3, "Home selects the newest")
    try session.send("End")
    try expectTransactions(session, selecting: 1, "End again")
    try quit(session)
  }

  /// Waits until the transaction manager lists three transactions with `id` in the inspector
  /// (so the screen is still the transactions).
  private func expectTransactions(
    _ session: TmuxSession, selecting id: Int, _ description: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try session.waitUntil { lines in
      lines.contains { $0.contains("Transactions (3)") }
        && lines.contains { $0.contains("│ transactionId \(id) · ") }
    }
    #expect(
      result.held, "\(description):\n\(result.lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  @Test func askToBuyIsApprovedFromAnotherProcessWithoutAKeyPress() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    try openSheetForLifetimeUnlock(session)
    try session.send("l")
    #expect(try session.waitUntil { $0.contains { $0.contains("◂ Ask to Buy ▸") } }.held)
    try session.send("Enter")
    #expect(
      try session.waitUntil { $0.contains { $0.contains("Waiting for approval · transaction 1") } }
        .held)
    try session.send("Escape")
    try waitFor(session, "Lifetime Unlock", "Pending approval") { $0.contains("Pending approval") }
    // A fresh ledger numbers its first transaction 1.
    let approval = try session.storeterm(["manage", "approve", "1"])
    #expect(approval.status == 0, "\(approval.error)")
    try waitFor(session, "Lifetime Unlock", "Owned after the other process approved") {
      $0.contains("Owned") && !$0.contains("Pending")
    }
    try quit(session)
  }

  @Test func aRefundRemovesAccess() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    try buyLifetimeUnlock(session)
    try session.send("3")
    #expect(try session.waitUntil { $0.contains { $0.contains("Transactions (1)") } }.held)
    try session.send("r")
    #expect(
      try session.waitUntil {
        $0.contains { $0.contains("Refunded transaction 1 (Lifetime Unlock).") }
      }.held)
    try session.send("1")
    try waitFor(session, "Lifetime Unlock", "no longer Owned") { !$0.contains("Owned") }
    try session.send("2")
    #expect(try session.waitUntil { $0.contains(" Entitlements: none") }.held)
    try quit(session)
  }

  @Test func theRefundSheetRequestsARefundForTheChosenReason() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    try buyLifetimeUnlock(session)
    try session.send("2")
    #expect(try session.waitUntil { $0.contains { $0.contains("History (Transaction.all)") } }.held)
    try session.send("f")
    let sheet = try session.waitUntil { lines in
      lines.contains { $0.contains("┌ Request a Refund ") }
        && lines.contains { $0.contains("Lifetime Unlock") && $0.contains("transaction 1") }
    }
    #expect(sheet.held, "no refund sheet:\n\(sheet.lines.joined(separator: "\n"))")
    for _ in 0..<3 { try session.send("j") }
    #expect(
      try session.waitUntil {
        $0.contains { $0.contains("▸ It didn't arrive or didn't work as expected") }
      }.held)
    try session.send("Enter")
    let answered = try session.waitUntil {
      $0.contains { $0.contains("Refund of transaction 1 requested") }
    }
    #expect(answered.held, "no answer:\n\(answered.lines.joined(separator: "\n"))")
    try session.send("Enter")
    // The App Store (QA) grants it in full.
    let decided = try session.storeterm(["manage", "refund", "1"])
    #expect(decided.status == 0, "\(decided.error)")
    #expect(try session.waitUntil { $0.contains(" Entitlements: none") }.held)
    // The reason reached the signed transaction: an item that did not work is refunded for an
    // issue with the app.
    let listed = try session.storeterm(["transactions", "--json"])
    #expect(listed.status == 0, "\(listed.error)")
    #expect(listed.output.contains(#""revocationReason": 1,"#), "\(listed.output)")
    try session.send("1")
    try waitFor(session, "Lifetime Unlock", "no longer Owned") { !$0.contains("Owned") }
    try quit(session)
  }

  @Test func theCustomerSwitcherSignsInAnotherAccount() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    // Another process buys coins for "kid" first, so the ledger holds that account.
    let purchase = try session.storeterm([
      "purchase", "dev.storeterm.demo.coins.100", "--customer", "kid",
    ])
    #expect(purchase.status == 0, "\(purchase.error)")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send("t ui", "Enter")
    #expect(try session.waitUntil { $0.contains { $0.contains("Plus Monthly") } }.held)
    try session.send("2")
    #expect(try session.waitUntil { $0.contains(" Account: default") }.held)
    try session.send("u")
    #expect(try session.waitUntil { $0.contains { $0.contains("signed in") } }.held)
    // The switcher lists accounts sorted: default, then kid.
    try session.send("j")
    try session.send("Enter")
    let switched = try session.waitUntil { lines in
      lines.contains(" Account: kid") && lines.contains { $0.contains("100 Coins") }
        // At 80 columns the five tabs leave room for the account only.
        && (lines.first?.hasSuffix("  kid") ?? false)
    }
    #expect(switched.held, "\(switched.lines.joined(separator: "\n"))")
    try quit(session)
  }

  @Test func theCustomersScreenFindsACustomerAndExplainsTheirAccess() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    // Another process subscribes "kid" to Plus Monthly first.
    let purchase = try session.storeterm([
      "purchase", "dev.storeterm.demo.plus.monthly", "--customer", "kid",
    ])
    #expect(purchase.status == 0, "\(purchase.error)")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send("t ui --read-only", "Enter")
    #expect(try session.waitUntil { $0.contains { $0.contains("Plus Monthly") } }.held)
    try session.send("5")
    let listed = try session.waitUntil { lines in
      lines.contains { $0.hasPrefix("│kid ") && $0.contains("USA") && $0.contains("Plus Monthly") }
    }
    #expect(listed.held, "\(listed.lines.joined(separator: "\n"))")
    try session.send("/")
    try session.send("kid")
    #expect(try session.waitUntil { $0.contains(" Search: kid▏") }.held)
    try session.send("Enter")
    let found = try session.waitUntil { lines in
      lines.contains { $0.hasPrefix("┌ Customers (1) ") }
        && lines.contains(" Search: kid · / to change")
    }
    #expect(found.held, "\(found.lines.joined(separator: "\n"))")
    try session.send("Enter")
    let opened = try session.waitUntil { lines in
      lines.contains { $0.contains("customer kid · kid · kid@storeterm.test · USA") }
        && lines.contains {
          $0.contains("StoreTerm Plus (group)  yes     via Plus Monthly: active, renews")
        }
        && lines.contains { $0.contains("SUBSCRIBED/INITIAL_BUY") }
        && lines.contains { $0.contains("Subscribed to Plus Monthly") }
    }
    #expect(opened.held, "\(opened.lines.joined(separator: "\n"))")
    try session.send("Escape")
    #expect(try session.waitUntil { $0.contains { $0.hasPrefix("┌ Customers (1) ") } }.held)
    try quit(session)
  }

  @Test func resizingRelaysOutAtOnce() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    try session.resize(width: 70, height: 20)
    let narrow = try session.waitUntil { lines in
      lines.count == 20 && lines.contains { $0.hasPrefix("┌ Premium Yearly") && $0.hasSuffix("┐") }
        && lines.allSatisfy { $0.count <= 70 }
    }
    #expect(narrow.held, "70×20:\n\(narrow.lines.joined(separator: "\n"))")
    try session.resize(width: 50, height: 15)
    #expect(try session.waitUntil { $0.contains { $0.contains("Enlarge the terminal") } }.held)
    try session.resize(width: 80, height: 24)
    let wide = try session.waitUntil { lines in
      lines.count == 24
        && (lines.first?.hasPrefix(" 1 Paywall   2 Account   3 Transactions   4 Event log") ?? false)
        && (lines.first?.hasSuffix("   6           default") ?? false)
    }
    #expect(wide.held, "80×24:\n\(wide.lines.joined(separator: "\n"))")
    try quit(session)
  }

  @Test func readOnlyRefusesToBuyAndSaysWhy() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send("t ui --read-only", "Enter")
    #expect(try session.waitUntil { $0.contains { $0.contains("READ-ONLY") } }.held)
    try session.send("Enter")
    #expect(try session.waitUntil { $0.contains { $0.contains("! read-only") } }.held)
    #expect(!(try session.capture()).contains { $0.contains("QA outcome") })
    try quit(session)
  }

  /// Whether tmux's styled capture holds a color (SGR 30–37, 40–47, 90–97, 100–107).
  static func hasColor(_ styled: String) -> Bool {
    styled.split(separator: "\u{1B}").contains { sequence in
      guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { return false }
      return sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";")
        .contains { parameter in
          guard let value = Int(parameter) else { return false }
          return (30...38).contains(value) || (40...48).contains(value)
            || (90...97).contains(value) || (100...107).contains(value)
        }
    }
  }

  @Test func noColorDrawsWithoutColors() throws {
    guard Self.tmuxIsAvailable() else { return }
    let colored = try start()
    #expect(Self.hasColor(try colored.captureWithStyles()))
    try quit(colored)
    let plain = try start("NO_COLOR=1 t ui")
    #expect(!Self.hasColor(try plain.captureWithStyles()))
    try quit(plain)
  }

  @Test func sigtermRestoresTheTerminal() throws {
    guard Self.tmuxIsAvailable() else { return }
    let session = try start()
    let children = try session.shellChildren()
    #expect(children.count == 1)
    // Only the storeterm the pane's shell started, never anything found by name.
    for child in children { kill(child, SIGTERM) }
    let restored = try session.waitUntil { $0.suffix(2) == ["exit=143", "$"] }
    #expect(restored.held, "\(restored.lines.joined(separator: "\n"))")
    #expect(!restored.lines.contains { $0.contains("1 Paywall") })
  }
}
