/// A short message shown for a moment at the bottom right, in a role that says how it went.
public struct Toast: Hashable, Sendable {
  /// How the message should read.
  public enum Kind: Hashable, Sendable {
    /// Neutral information.
    case info
    /// Something succeeded.
    case success
    /// Something needs attention (a disabled key's reason, for instance).
    case warning
    /// Something failed.
    case error
  }

  /// The text.
  public var message: String
  /// How it reads.
  public var kind: Kind

  /// Creates a toast.
  public init(_ message: String, kind: Kind = .info) {
    self.message = message
    self.kind = kind
  }

  /// The style role for the kind.
  public var role: StyleRole {
    switch kind {
    case .info: .normal
    case .success: .success
    case .warning: .warning
    case .error: .error
    }
  }

  private var symbol: String {
    switch kind {
    case .info: "•"
    case .success: "✓"
    case .warning: "!"
    case .error: "✗"
    }
  }

  /// Paints the toast right-aligned on row `y` of `canvas`, at most the canvas's width.
  public func render(in canvas: inout Canvas, row y: Int) {
    let text = DisplayWidth.truncated(" \(symbol) \(message) ", toWidth: canvas.size.width)
    let width = DisplayWidth.of(text)
    canvas.raw(text, at: Point(x: canvas.size.width - width, y: y), role: role)
  }
}
