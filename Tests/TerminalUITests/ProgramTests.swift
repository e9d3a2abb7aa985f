import StoreTermTestSupport
import TerminalUI
import Testing

/// The runtime turns scripted input into frames, exactly as a terminal would show them.
@MainActor @Suite struct ProgramTests {
  @Test func scriptedKeysGiveTheExpectedFinalFrame() async {
    let terminal = HeadlessTerminal(
      size: Size(width: 30, height: 8),
      script: [.resize(Size(width: 34, height: 13))] + HeadlessTerminal.keys("jjdjjjx?"),
      finishesAfterScript: true)
    let program = Program<FruitApp>(state: FruitApp.State(), backend: terminal)
    let final = await program.run()
    #expect(final.fruit == ["Apple", "Banana", "Cherry", "Durian"])
    #expect(terminal.isShutDown)
    let frame = try! #require(terminal.lastFrame)
    assertSnapshot(frame, named: "program-help-over-list")
  }

  @Test func theProgramStopsWhenTheAppQuits() async {
    let terminal = HeadlessTerminal(
      size: Size(width: 30, height: 8), script: HeadlessTerminal.keys("jq"),
      finishesAfterScript: false)
    let final = await Program<FruitApp>(state: FruitApp.State(), backend: terminal).run()
    #expect(final.quit)
    #expect(final.selection.selected == 1)
    #expect(terminal.isShutDown)
    // One frame at launch, one after j; quitting does not render.
    #expect(terminal.frames.count == 2)
  }

  @Test func disabledKeysShowTheirReason() async {
    let terminal = HeadlessTerminal(
      size: Size(width: 30, height: 6), script: HeadlessTerminal.keys("dddddd"))
    _ = await Program<FruitApp>(state: FruitApp.State(), backend: terminal).run()
    assertSnapshot(try! #require(terminal.lastFrame), named: "program-last-fruit-stays")
  }

  @Test func effectResultsComeBackAsActions() async {
    let terminal = HeadlessTerminal(
      size: Size(width: 30, height: 8), script: HeadlessTerminal.keys("ds"),
      finishesAfterScript: false)
    let final = await Program<FruitApp>(
      state: FruitApp.State(), backend: terminal, runner: CountingSaver()
    ).run()
    #expect(final.saved)
    #expect(final.toast == Toast("Saved 4", kind: .success))
  }

  @Test func unchangedFramesAreNotPresentedAgain() async {
    let terminal = HeadlessTerminal(
      size: Size(width: 30, height: 8), script: HeadlessTerminal.keys("kkkzz"))
    _ = await Program<FruitApp>(state: FruitApp.State(), backend: terminal).run()
    #expect(terminal.frames.count == 1)
  }

  @Test func effectTasksAreDroppedAsTheyEnd() async {
    // Twenty saves, each an effect that ends at once; the input stays open until the test ends.
    let terminal = ScriptedTerminal(
      size: Size(width: 30, height: 8),
      steps: [
        .init(HeadlessTerminal.keys(String(repeating: "s", count: 20))),
        .init(waitFor: "never", []),
      ])
    let program = Program<FruitApp>(
      state: FruitApp.State(), backend: terminal, runner: AnsweringSaver())
    let run = Task { await program.run() }
    var polls = 0
    while polls < 100_000, !(terminal.lastText.contains("answered") && program.runningEffects == 0)
    {
      polls += 1
      await Task.yield()
    }
    #expect(program.runningEffects == 0)
    #expect(terminal.lastText.contains("answered"))
    terminal.shutdown()
    _ = await run.value
  }
}

/// Answers each save with a message and stays open (``CountingSaver`` quits the app).
private struct AnsweringSaver: EffectRunner {
  func run(_ effect: FruitApp.Effect, send: @escaping @Sendable (FruitApp.Action) -> Void) async {
    send(.keyRefused("answered"))
  }
}
