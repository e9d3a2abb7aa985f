import Foundation
import StoreCore
import StoreTermTestSupport
import TerminalUI
import Testing

@testable import StoreTermApp
@testable import StoreTermCLI

/// Issue 29: a walk through the front end, recorded with `W`, replays with no difference on a
/// fresh ledger; one edited expectation makes the replay stop at that step, naming it.
@MainActor @Suite struct RecordedWalkTests {
  @Test func theRecordKeyStartsAndStopsRecordingAndTheStatusLineShowsIt() {
    var state = Fixtures.state(size: Size(width: 100, height: 30))
    #expect(StoreTermApp.update(&state, .toggleRecording) == [.setRecording(true)])
    _ = StoreTermApp.update(&state, .recordingChanged(file: "walk.scenario"))
    #expect(state.recordingFile == "walk.scenario")
    #expect(state.toast?.message == "Recording to walk.scenario (W stops).")
    var canvas = Canvas(size: Size(width: 100, height: 1))
    Chrome.renderStatus(state, in: &canvas, row: 0)
    #expect(canvas.screen.text(ofRow: 0).hasPrefix(" ● REC  "))
    #expect(StoreTermApp.update(&state, .toggleRecording) == [.setRecording(false)])
    _ = StoreTermApp.update(&state, .recordingChanged(file: nil))
    #expect(state.recordingFile == nil)
    #expect(state.toast?.message == "Recording stopped: walk.scenario.")
  }

  @Test func aWalkRecordedThroughTheFrontEndReplaysWithNoDifference() async throws {
    let folder = try TestPaths.temporaryDirectory()
    let database = folder.appending(path: "ledger.sqlite").path
    let file = folder.appending(path: "walk.scenario").path
    let frontEnd = try await HeadlessFrontEnd(database: database, recordTo: file)
    func id(_ product: String, _ frontEnd: HeadlessFrontEnd) throws -> UInt64 {
      try #require(try frontEnd.records().last { $0.productID == product }?.id)
    }
    let monthly = "dev.storeterm.demo.plus.monthly"
    let coins = "dev.storeterm.demo.coins.100"
    await frontEnd.run(.setRecording(true))
    await frontEnd.run(.purchase(productID: monthly, outcome: .askToBuy))
    await frontEnd.run(.manage(.approve, transactionID: try id(monthly, frontEnd)))
    await frontEnd.run(.purchase(productID: coins, outcome: .normal))
    await frontEnd.run(.purchase(productID: "dev.storeterm.demo.lifetime", outcome: .interrupted))
    await frontEnd.run(
      .manage(.resolve, transactionID: try id("dev.storeterm.demo.lifetime", frontEnd)))
    await frontEnd.run(.setSetting(.billingIssues, true))
    await frontEnd.run(.advanceClock(seconds: 8 * 86_400))
    await frontEnd.run(.setSetting(.billingIssues, false))
    await frontEnd.run(.manage(.resolve, transactionID: 1))
    await frontEnd.run(
      .purchase(productID: "dev.storeterm.demo.plus.premium.yearly", outcome: .normal))
    await frontEnd.run(
      .purchase(productID: "dev.storeterm.demo.plus.lite.monthly", outcome: .normal))
    await frontEnd.run(.manage(.priceIncrease, transactionID: 1))
    await frontEnd.run(.manage(.consent, transactionID: 1))
    await frontEnd.run(.requestRefund(transactionID: try id(coins, frontEnd), reason: .notWorking))
    await frontEnd.run(.joinFamily("smiths"))
    await frontEnd.run(.switchCustomer("bob"))
    await frontEnd.run(.joinFamily("smiths"))
    await frontEnd.run(.purchase(productID: "dev.storeterm.demo.cloud.200gb", outcome: .cancelled))
    await frontEnd.run(.advanceClock(seconds: 86_400))
    await frontEnd.run(.leaveFamily)
    // A refused control is no step: there is nothing to replay.
    await frontEnd.run(.manage(.approve, transactionID: 999))
    await frontEnd.run(.setRecording(false))
    await frontEnd.stop()

    let text = try String(contentsOfFile: file, encoding: .utf8)
    let scenario = try ScenarioParser.parse(Array(text.utf8)).steps.count
    #expect(scenario >= 15, "\(text)")
    // The sheet asks for a refund; the App Store (QA) decides it later.
    #expect(text.contains("\nrequest-refund 2\n"), "\(text)")
    #expect(text.contains("\ncustomer bob\nfamily join smiths\n"), "\(text)")
    #expect(text.contains("\npurchase dev.storeterm.demo.cloud.200gb cancelled\n"))
    #expect(!text.contains("approve 999"))
    let replay = await runStoreTerm(["scenario", "run", file])
    #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)\n\(text)")
    #expect(replay.standardOutput.hasSuffix("replayed, no difference\n"))

    // QA edits what the walk saw: the replay stops at that step and says what differs.
    let edited = text.replacingOccurrences(
      of: "  expect balance dev.storeterm.demo.coins.100 1\n",
      with: "  expect balance dev.storeterm.demo.coins.100 3\n")
    #expect(edited != text)
    try Data(edited.utf8).write(to: URL(fileURLWithPath: file))
    let diverged = await runStoreTerm(["scenario", "run", file])
    #expect(diverged.status == 1)
    #expect(
      diverged.standardOutput.contains(
        "purchase dev.storeterm.demo.coins.100 → succeeded (transaction 2): DIFFERS\n"),
      "\(diverged.standardOutput)")
    #expect(
      diverged.standardOutput.contains(
        ": balance dev.storeterm.demo.coins.100: expected 3, got 1\n"))
  }
}
