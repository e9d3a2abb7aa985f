import Foundation

/// Which way a member holds a copy of another customer's purchase: Family Sharing's or an
/// assigned seat's, each with its ownership type, revocation type and events.
struct SharingKind {
  var ownership: InAppOwnershipType
  var revocationType: RevocationType
  var sharedEvent: StoreEvent.Kind
  var revokedEvent: StoreEvent.Kind

  static let family = SharingKind(
    ownership: .familyShared, revocationType: .familyRevoke, sharedEvent: .familyShared,
    revokedEvent: .familyRevoked)
  static let seat = SharingKind(
    ownership: .assigned, revocationType: .assignmentRevoke, sharedEvent: .assignedShared,
    revokedEvent: .assignmentRevoked)
}

extension StoreEngine {
  /// Signs one step of a sharing plan (``FamilySharing/plan`` or ``SeatRules/plan``) for
  /// `member` into `changes`, taking identifiers from `nextID`; returns what reaches the member.
  func applySharing(
    _ step: FamilySharing.Step, member: Customer, kind: SharingKind, nextID: inout UInt64,
    now: Date, changes: inout LedgerChanges
  ) throws -> (customerID: String, transaction: SignedTransaction)? {
    switch step {
    case .share(let source, _, let originalID):
      guard let payload = source.signed?.payload else { return nil }
      let id = nextID
      nextID += 1
      let signed = try sign(
        factory.familyShared(
          payload, id: id, originalID: originalID ?? id, member: member, date: now,
          nonce: ids.makeUUID(), ownership: kind.ownership))
      changes.inserted.append(
        TransactionRecord(
          id: id, customerID: member.id, productID: source.productID, state: .purchased,
          request: PurchaseRequest(), signed: signed, createdDate: now, sharedFromID: source.id))
      changes.events.append(
        StoreEvent(
          date: now, customerID: member.id, kind: kind.sharedEvent, transactionID: id,
          productID: source.productID, detail: "from \(source.customerID) transaction \(source.id)"
        ))
      return (member.id, signed)
    case .mirror(var copy, let source):
      guard let current = copy.signed else { return nil }
      var payload = factory.reissued(
        current.payload, date: now, nonce: ids.makeUUID(), customer: member)
      payload.expiresDate = source.expiresDate
      payload.isUpgraded = source.isUpgraded
      copy.signed = try sign(payload)
      changes.updated.append(copy)
      return nil
    case .revoke(var copy, let reason, let why):
      guard let current = copy.signed else { return nil }
      var payload = factory.reissued(
        current.payload, date: now, nonce: ids.makeUUID(), customer: member)
      payload.revocationDate = now.epochMilliseconds
      payload.revocationReason = reason
      payload.revocationType = kind.revocationType
      let signed = try sign(payload)
      copy.signed = signed
      changes.updated.append(copy)
      changes.events.append(
        StoreEvent(
          date: now, customerID: member.id, kind: kind.revokedEvent, transactionID: copy.id,
          productID: copy.productID, detail: why))
      return (member.id, signed)
    }
  }
}
