// Generic helpers: each one compiles only when the type passed has the stated shape, so a drifting
// conformance or associated type is a compile error at the call naming the symbol.

import Foundation
import StoreKit

func requireEquatable<T: Equatable>(_: T.Type) {}
func requireHashable<T: Hashable>(_: T.Type) {}
func requireSendable<T: Sendable>(_: T.Type) {}
func requireComparable<T: Comparable>(_: T.Type) {}
func requireError<T: Error>(_: T.Type) {}
func requireLocalizedError<T: LocalizedError>(_: T.Type) {}
func requireDebugDescription<T: CustomDebugStringConvertible>(_: T.Type) {}

/// Compiles only when `T.ID` is exactly `id`.
func requireIdentifiable<T: Identifiable>(_: T.Type, id: T.ID.Type) {}

/// Compiles only when `T.RawValue` is exactly `raw`.
func requireRawRepresentable<T: RawRepresentable>(_: T.Type, raw: T.RawValue.Type) {}

/// Compiles only when the sequence's element is exactly `element`.
func requireAsyncSequence<S: AsyncSequence>(_: S.Type, element: S.Element.Type) {}

/// Compiles only when `T` is a class (reference semantics, as Apple's Objective-C types are).
func requireClass<T: AnyObject>(_: T.Type) {}
