/// How one role looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
  /// Text color.
  public var foreground: TermColor
  /// Cell color.
  public var background: TermColor
  /// Bold, dim, reverse, underline, italic.
  public var attributes: TextAttributes

  /// Creates a style.
  public init(
    foreground: TermColor = .default, background: TermColor = .default,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look.
  public static let plain = Style()

  /// This style with its colors dropped, for terminals without color.
  public var withoutColors: Style { Style(attributes: attributes) }
}
