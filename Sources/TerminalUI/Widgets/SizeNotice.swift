/// What a screen shows instead of its layout when the terminal is smaller than it needs.
public struct SizeNotice: Hashable, Sendable {
  /// The smallest size the screen's layout supports.
  public var minimum: Size

  /// Creates a notice for screens that need at least `minimum`.
  public init(minimum: Size) {
    self.minimum = minimum
  }

  /// Whether a terminal of `size` is too small.
  public func isNeeded(for size: Size) -> Bool {
    size.width < minimum.width || size.height < minimum.height
  }

  /// A frame of `size` asking for a larger terminal, the message wrapped and centred.
  public func render(size: Size) -> Screen {
    var canvas = Canvas(size: size)
    let message =
      "Enlarge the terminal to at least \(minimum.width)×\(minimum.height); it is \(size.width)×\(size.height)."
    let lines = TextWrap.lines(message, width: max(1, size.width - 2))
    let top = max(0, (size.height - lines.count) / 2)
    for (index, line) in lines.enumerated() {
      canvas.text(
        line, at: Point(x: 0, y: top + index), width: size.width, alignment: .center,
        role: index == 0 ? .warning : .normal)
    }
    return canvas.screen
  }
}
