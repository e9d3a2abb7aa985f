/// A mapping from every ``StyleRole`` to a ``Style``.
///
/// ``default`` is compiled in; ``monochrome`` uses attributes only and is what `NO_COLOR` and
/// colorless terminals get; ``ThemeFile`` reads theme files that override roles of a base.
public struct Theme: Hashable, Sendable {
  /// The theme's name, shown in messages.
  public var name: String
  /// Styles by role; a missing role looks like ``StyleRole/normal``.
  public var styles: [StyleRole: Style]

  /// Creates a theme.
  public init(name: String, styles: [StyleRole: Style]) {
    self.name = name
    self.styles = styles
  }

  /// The style for `role`.
  public subscript(role: StyleRole) -> Style {
    styles[role] ?? styles[.normal] ?? .plain
  }

  /// The built-in color theme: 16 ANSI colors, readable on dark and light backgrounds.
  public static let `default` = Theme(
    name: "default",
    styles: [
      .normal: Style(),
      .dim: Style(foreground: .ansi(8)),
      .title: Style(foreground: .ansi(6), attributes: .bold),
      .border: Style(foreground: .ansi(8)),
      .borderFocused: Style(foreground: .ansi(6)),
      .selection: Style(foreground: .ansi(0), background: .ansi(6)),
      .selectionInactive: Style(background: .ansi(8)),
      .price: Style(foreground: .ansi(2), attributes: .bold),
      .badge: Style(foreground: .ansi(0), background: .ansi(3)),
      .success: Style(foreground: .ansi(2), attributes: .bold),
      .warning: Style(foreground: .ansi(3), attributes: .bold),
      .error: Style(foreground: .ansi(1), attributes: .bold),
      .key: Style(foreground: .ansi(6), attributes: .bold),
      .keyHint: Style(),
      .keyHintDisabled: Style(foreground: .ansi(8), attributes: .dim),
    ])

  /// Attributes only, no colors: what `NO_COLOR` and terminals without color get.
  public static let monochrome = Theme(
    name: "monochrome",
    styles: [
      .normal: Style(),
      .dim: Style(attributes: .dim),
      .title: Style(attributes: .bold),
      .border: Style(),
      .borderFocused: Style(attributes: .bold),
      .selection: Style(attributes: .reverse),
      .selectionInactive: Style(attributes: .underline),
      .price: Style(attributes: .bold),
      .badge: Style(attributes: [.bold, .reverse]),
      .success: Style(attributes: .bold),
      .warning: Style(attributes: [.bold, .underline]),
      .error: Style(attributes: [.bold, .reverse]),
      .key: Style(attributes: .bold),
      .keyHint: Style(),
      .keyHintDisabled: Style(attributes: .dim),
    ])

  /// This theme for a terminal without color: every style keeps its attributes, loses its colors,
  /// and the selection falls back to reverse video so it stays visible.
  public var withoutColors: Theme {
    var styles = self.styles.mapValues(\.withoutColors)
    for role in [StyleRole.selection, .badge] where styles[role]?.attributes.isEmpty ?? true {
      styles[role] = Theme.monochrome[role]
    }
    return Theme(name: name, styles: styles)
  }
}
