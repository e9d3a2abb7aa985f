/// An immutable value held by reference, so a rarely present nested object adds one pointer to
/// the payload that holds it instead of its whole size.
public final class WireBox<Value: Sendable & Hashable>: Sendable, Hashable {
  /// The value.
  public let value: Value

  /// Boxes `value`.
  public init(_ value: Value) { self.value = value }

  /// Boxes compare by value.
  public static func == (lhs: WireBox, rhs: WireBox) -> Bool { lhs.value == rhs.value }

  /// Hashes the value.
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
