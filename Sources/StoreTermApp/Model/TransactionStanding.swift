import Foundation
import StoreCore

/// Where one transaction stands, in a few words, as every screen shows it (the transaction
/// manager's State column and filter, the account history): the words of ``Standing``.
public enum TransactionStanding {
  /// The record's standing in a few words: ``StoreSnapshot/standing(of:)`` labelled as every
  /// view labels it (``Standing/label(isFamilyShared:isFinished:)``): `purchased`,
  /// `unfinished`, `in grace period`, `billing retry`, `expired`, `upgraded`, `plan changed`,
  /// `refunded`, `revoked`, `family revoked`, `assignment revoked`, `pending approval`,
  /// `interrupted`, `declined`; a Family Sharing copy reads `family shared` or its state and
  /// `shared`, an assigned seat's copy `assigned` or its state and `assigned`.
  public static func text(_ record: TransactionRecord, in snapshot: StoreSnapshot) -> String {
    snapshot.standing(of: record).label(
      isFamilyShared: isFamilyShared(record), isFinished: record.isFinished,
      isAssigned: isAssigned(record))
  }

  /// ``text(_:in:)`` in the snapshot's language, each part of `in grace period, unfinished`
  /// translated on its own.
  public static func words(_ record: TransactionRecord, in snapshot: StoreSnapshot) -> String {
    text(record, in: snapshot).components(separatedBy: ", ").map { snapshot.localized($0) }
      .joined(separator: snapshot.localized(", "))
  }

  /// Whether the record is a Family Sharing copy (`inAppOwnershipType` `FAMILY_SHARED`).
  public static func isFamilyShared(_ record: TransactionRecord) -> Bool {
    guard !isAssigned(record) else { return false }
    return record.sharedFromID != nil
      || record.signed?.payload.inAppOwnershipType == .familyShared
  }

  /// Whether the record is an assigned seat's copy (`inAppOwnershipType` `ASSIGNED`).
  public static func isAssigned(_ record: TransactionRecord) -> Bool {
    record.signed?.payload.inAppOwnershipType == .assigned
  }
}
