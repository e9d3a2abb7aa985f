import Foundation
import StoreTermTestSupport
import Testing

/// The German demo end to end on the real binary (`--storefront DEU --locale de_DE`): a purchase
/// with the intro offer, Ask to Buy showing its transaction number and the command that approves
/// it, approval from a second process running that command, and a refund, each step checked by
/// the German words on screen.
@Suite(.serialized) struct GermanDemoTmuxTests {
  @Test func aGermanDemoFromIntroOfferToRefund() throws {
    guard StoreTermTmuxTests.tmuxIsAvailable() else { return }
    let session = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send("t ui --storefront DEU --locale de_DE", "Enter")
    try expectScreen(session, "the German paywall") { lines in
      lines.contains { $0.contains("200 GB Speicher") && $0.contains("2,99 € / Monat") }
        && lines.contains { $0.contains("Verbrauchsartikel") }
    }

    // The 200 GB plan (the sixth product) with its intro offer.
    for _ in 0..<5 { try session.send("j") }
    try expectScreen(session, "200 GB selected") {
      $0.contains { $0.hasPrefix(" ▸ 200 GB Speicher") }
    }
    try session.send("Enter")
    try expectScreen(session, "the offer terms in German") {
      $0.contains { $0.contains("Angebot: 3 Monate zu je 1,49 €, danach 2,99 € / Monat") }
    }
    try session.send("Enter")
    try expectScreen(session, "the purchase result") {
      $0.contains { $0.contains("Gekauft (Transaktion 1).") }
    }
    try session.send("Escape")

    // The lifetime unlock (the tenth product) through Ask to Buy: the sheet names transaction 2.
    for _ in 0..<4 { try session.send("j") }
    try expectScreen(session, "the lifetime unlock selected") {
      $0.contains { $0.hasPrefix(" ▸ Lebenslang freigeschalt") }
    }
    try session.send("Enter")
    try expectScreen(session, "the sheet") { $0.contains { $0.contains("QA-Ergebnis") } }
    try session.send("l")
    try expectScreen(session, "Ask to Buy chosen") {
      $0.contains { $0.contains("◂ Kaufanfrage ▸") }
    }
    try session.send("Enter")
    try expectScreen(session, "the pending sheet with the transaction and the command") {
      $0.contains { $0.contains("Wartet auf Zustimmung · Transaktion 2 ·") }
        && $0.contains { $0.contains("storeterm manage approve 2") }
    }
    // The command is read off the screen, whole on its line, and typed as QA would.
    let shown = try session.waitUntil { $0.contains { $0.contains("storeterm manage approve") } }
    let command = try #require(
      shown.lines.lazy.compactMap { $0.firstMatch(of: #/storeterm (manage approve \d+)/#) }.first
    ).output.1.split(separator: " ").map(String.init)
    #expect(command == ["manage", "approve", "2"])
    try session.send("Escape")
    try expectScreen(session, "the pending badge") {
      $0.contains { $0.contains("Lebenslang") && $0.contains("Wartet auf Zustimmung") }
    }

    // A second terminal approves; the paywall shows it owned without a key press.
    let approval = try session.storeterm(command)
    #expect(approval.status == 0, "\(approval.error)")
    try expectScreen(session, "owned after the approval") {
      $0.contains { $0.contains("Lebenslang") && $0.contains("Gekauft") }
        && !$0.contains { $0.contains("Wartet auf Zustimmung") }
    }

    // The refund, from the transaction manager: transaction 2 is the newest, the first row.
    try session.send("3")
    try expectScreen(session, "the transactions in German") {
      $0.contains { $0.contains("Transaktionen (2)") } && $0.contains { $0.contains("Kunde") }
    }
    try session.send("k")
    try expectScreen(session, "transaction 2 selected") {
      $0.contains { $0.contains("transactionId 2") } || $0.contains { $0.contains("Transaktion 2") }
    }
    try session.send("r")
    try expectScreen(session, "the refund result") {
      $0.contains { $0.contains("Transaktion 2 (Lebenslang freigeschaltet) erstattet.") }
    }
    try expectScreen(session, "the refunded state") { $0.contains { $0.contains("erstattet") } }

    try session.send("q")
    let restored = try session.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
    #expect(restored.held, "q did not restore the shell")
  }

  /// Waits (a bounded poll) until the screen satisfies `condition`, else records what it showed.
  private func expectScreen(
    _ session: TmuxSession, _ description: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping ([String]) -> Bool
  ) throws {
    // The currency formatter puts a no-break space before `€`; the checks read plain spaces.
    let result = try session.waitUntil { lines in
      condition(
        lines.map {
          $0.replacingOccurrences(of: "\u{00A0}", with: " ")
            .replacingOccurrences(of: "\u{202F}", with: " ")
        })
    }
    #expect(
      result.held, "\(description):\n\(result.lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }
}
