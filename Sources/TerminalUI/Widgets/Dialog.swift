/// A modal dialog: a framed box centred over the screen with a message and a row of buttons.
public struct Dialog: Hashable, Sendable {
  /// The frame's title.
  public var title: String
  /// The message, wrapped to the dialog's width.
  public var message: String
  /// Button labels, left to right.
  public var buttons: [String]
  /// The index of the button Enter presses.
  public var focusedButton: Int
  /// The role of the message text (``StyleRole/warning`` for a destructive question).
  public var messageRole: StyleRole

  /// Creates a dialog.
  public init(
    title: String, message: String, buttons: [String], focusedButton: Int = 0,
    messageRole: StyleRole = .normal
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.focusedButton = focusedButton
    self.messageRole = messageRole
  }

  /// The widest the dialog gets, in columns, inside its frame and margins.
  public static let maximumTextWidth = 56

  /// Paints the dialog centred in `canvas`, clearing what lies beneath it.
  public func render(in canvas: inout Canvas) {
    let buttonText = buttons.map { "[ \($0) ]" }
    let buttonsWidth = buttonText.map(DisplayWidth.of).reduce(0, +) + 2 * max(0, buttons.count - 1)
    let textWidth = max(
      1,
      min(
        Dialog.maximumTextWidth, canvas.size.width - 4,
        max(DisplayWidth.of(message), buttonsWidth, DisplayWidth.of(title) + 3)))
    let lines = TextWrap.lines(message, width: textWidth)
    let frame = canvas.bounds.centered(
      Size(width: textWidth + 4, height: lines.count + (buttons.isEmpty ? 2 : 4)))
    canvas.fill(frame, role: .normal)
    let inside = canvas.box(frame, title: title, role: .borderFocused)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      for (y, line) in lines.enumerated() {
        area.text(line, at: Point(x: 0, y: y), role: messageRole)
      }
      // Buttons sit right-aligned on the last row, like a platform alert's.
      var x = max(0, area.size.width - buttonsWidth)
      for (index, label) in buttonText.enumerated() {
        let role: StyleRole = index == focusedButton ? .selection : .keyHint
        x += area.raw(label, at: Point(x: x, y: lines.count + 1), role: role) + 2
      }
    }
  }
}
