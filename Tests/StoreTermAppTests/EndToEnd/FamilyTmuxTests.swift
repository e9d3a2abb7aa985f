import Foundation
import StoreTermTestSupport
import Testing

/// Family Sharing with the real binary in tmux: `J` starts a family by name (after a refused
/// one), a second process adds bob and buys as bob, the shared entitlement appears on the
/// account screen without a key press, and `L` leaves, revoking the copy.
@Suite(.serialized) struct FamilyTmuxTests {
  @Test func aFamilyPurchaseFromAnotherProcessAppearsAndLeavingRevokesIt() throws {
    guard StoreTermTmuxTests.tmuxIsAvailable() else { return }
    let session = try TmuxSession(width: 80, height: 24, term: "xterm-256color")
    _ = try session.waitUntil { $0.last == "$" }
    try session.send("t ui", "Enter")
    try session.expectScreen("the paywall did not appear") { lines in
      lines.contains { $0.contains("Plus Monthly") && $0.contains("$4.99 / month") }
    }
    try session.send("2")
    try session.expectScreen("the account did not say 'not in a family'") { lines in
      lines.contains { $0.hasPrefix(" Family Sharing: not in a family") }
    }

    try session.send("J")
    try session.expectScreen("J did not open the sheet") { lines in
      lines.contains { $0.contains("Join Family") }
        && lines.contains { $0.contains("No family groups yet.") }
    }
    // `q` is part of a name while the field has the cursor; the engine refuses the space.
    try session.send("q q", "Enter")
    try session.expectScreen("a bad name was not refused with the engine's sentence") { lines in
      lines.contains { $0.contains("Family group “q q” is not a valid name") }
    }
    for _ in 0..<3 { try session.send("BSpace") }
    try session.send("smiths", "Enter")
    try session.expectScreen("joining by name did not start the group") { lines in
      lines.contains { $0.contains("Joined family group smiths; received 0 shared transac") }
        && lines.contains { $0.hasPrefix(" Family Sharing: smiths (1 of 6) · default (you)") }
    }

    // A second terminal: bob joins `smiths` and buys the Lifetime Unlock.
    for arguments in [
      ["family", "join", "smiths", "--customer", "bob"],
      ["purchase", "dev.storeterm.demo.lifetime", "--customer", "bob"],
    ] {
      let outcome = try session.storeterm(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
    }
    try session.expectScreen("the shared purchase did not appear without a key press") { lines in
      lines.contains { $0.hasPrefix(" Family Sharing: smiths (2 of 6) · default (you), bob") }
        && lines.contains { $0.hasPrefix(" Entitlements: Lifetime Unlock (shared by bob)") }
        && lines.contains { $0.contains("Lifetime Unlock") && $0.contains("shared by bob  ✓") }
    }

    try session.send("L")
    try session.expectScreen("L did not ask first") { lines in
      lines.contains { $0.contains("Leave family smiths?") }
    }
    try session.send("y")
    try session.expectScreen("leaving did not revoke the shared purchase") { lines in
      lines.contains { $0.hasPrefix(" Family Sharing: not in a family") }
        && lines.contains { $0.hasPrefix(" Entitlements: none") }
        && lines.contains { $0.contains("Lifetime Unlock") && $0.contains("family revoked") }
    }

    try session.send("q")
    let restored = try session.waitUntil { $0.suffix(2) == ["exit=0", "$"] }
    #expect(restored.held, "q did not restore the shell")
  }
}
