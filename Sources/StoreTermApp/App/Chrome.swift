import TerminalUI

/// The parts around every screen: the tab bar on top and the status line above the hint bar.
enum Chrome {
  /// The tab bar: each screen with its digit, then the account and storefront where they fit.
  ///
  /// When the titles do not all fit (below 87 columns in English), the first screens keep their
  /// titles as far as the account name still fits, and the others show their digit only.
  static func renderTabs(_ state: AppState, in canvas: inout Canvas) {
    let width = canvas.size.width
    canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), role: .normal)
    // No program title: at 80 columns the tabs and the account line need the room.
    var x = 0
    for tab in tabs(state, width: width) {
      let role: StyleRole = tab.screen == state.screen ? .selection : .dim
      let start = tab.columns.lowerBound
      x = start + canvas.raw(tab.label, at: Point(x: start, y: 0), role: role) + 1
    }
    // The account and storefront, else the account alone, whichever fits whole.
    let room = width - x - 1
    let info = [
      "\(state.snapshot.customerID) · \(state.snapshot.storefront)", state.snapshot.customerID,
    ].first { DisplayWidth.of($0) <= room }
    if let info {
      canvas.raw(info, at: Point(x: width - 1 - DisplayWidth.of(info), y: 0), role: .dim)
    }
  }

  /// Each screen's tab title and the columns it covers, as the tab bar draws them.
  static func tabs(
    _ state: AppState, width: Int
  ) -> [(screen: ScreenID, label: String, columns: Range<Int>)] {
    func label(_ screen: ScreenID, short: Bool) -> String {
      short && screen != state.screen
        ? " \(screen.rawValue) " : " \(screen.rawValue) \(state.snapshot.localized(screen.title)) "
    }
    let screens = ScreenID.allCases
    // With `titled` titles from the left (and always the active one), the rest digits only.
    func used(titled: Int) -> Int {
      screens.enumerated().map { index, screen in
        DisplayWidth.of(label(screen, short: index >= titled)) + 1
      }.reduce(0, +)
    }
    // Every title when they all fit; else as many as leave room for the account name (it says
    // whose store this is), from the left, since the first screens are the most used.
    let account = DisplayWidth.of(state.snapshot.customerID) + 1
    let titled =
      used(titled: screens.count) <= width
      ? screens.count
      : (0..<screens.count).reversed().first { used(titled: $0) + account <= width } ?? 0
    var x = 0
    return screens.enumerated().map { index, screen in
      let text = label(screen, short: index >= titled)
      let start = x
      x += DisplayWidth.of(text) + 1
      return (screen, text, start..<(start + DisplayWidth.of(text)))
    }
  }

  /// The screen whose tab covers column `x`, if any.
  static func screen(atColumn x: Int, state: AppState, width: Int) -> ScreenID? {
    tabs(state, width: width).first { $0.columns.contains(x) }?.screen
  }

  /// The status line: the read-only mark, the simulated clock, and the last message.
  static func renderStatus(_ state: AppState, in canvas: inout Canvas, row y: Int) {
    var x = 1
    if state.readOnly {
      x +=
        canvas.raw(state.snapshot.localized("READ-ONLY"), at: Point(x: x, y: y), role: .warning) + 2
    }
    if state.recordingFile != nil {
      x +=
        canvas.raw("● " + state.snapshot.localized("REC"), at: Point(x: x, y: y), role: .error) + 2
    }
    x += canvas.raw(DateText.minute(state.snapshot.now) + " UTC", at: Point(x: x, y: y), role: .dim)
    if let warning = state.snapshot.warnings.last, state.toast == nil {
      canvas.text("! \(warning)", at: Point(x: x + 2, y: y), role: .warning)
    }
    if let toast = state.toast {
      canvas.within(Rect(x: x + 2, y: y, width: canvas.size.width - x - 2, height: 1)) {
        toast.render(in: &$0, row: 0)
      }
    }
  }
}
