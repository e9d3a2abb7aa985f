import Foundation

/// Family Sharing's rules, as pure functions over a family's ledger: which purchases reach which
/// members as `FAMILY_SHARED` transactions, which shared copies follow a change of their
/// purchaser's transaction, and which are revoked.
///
/// The plan is computed from scratch each time and is idempotent: running it twice changes
/// nothing the second time, so a crash between a purchase and its sharing is healed by the next
/// run.
public enum FamilySharing {
  /// One change the plan asks for.
  public enum Step: Sendable, Equatable {
    /// Give `member` a shared copy of `source`, continuing the member's chain `originalID`
    /// (nil: the copy starts its own).
    case share(source: TransactionRecord, member: String, originalID: UInt64?)
    /// Re-sign `copy` because its purchaser's transaction changed (expiry, upgrade).
    case mirror(copy: TransactionRecord, source: JWSTransactionDecodedPayload)
    /// Revoke `copy` with `reason`; `why` is the event's detail.
    case revoke(copy: TransactionRecord, reason: RevocationReason, why: String)
  }

  /// Whether `product` can reach family members: a family-shareable non-consumable or
  /// auto-renewable subscription.
  public static func isShareable(_ product: CatalogProduct?) -> Bool {
    guard let product, product.isFamilyShareable else { return false }
    return product.type == .nonConsumable || product.type == .autoRenewable
  }

  /// The steps that bring `family` in line with the rules at `now`.
  ///
  /// - Every own purchase of a shareable product by a member reaches every other member, except
  ///   revoked ones; of a subscription chain, a member who has no live copy of it gets only its
  ///   latest transaction while the chain grants access, and a member who has one gets every
  ///   transaction after the last one shared with them (each renewal). A member whose copies
  ///   were revoked when they left gets new ones on joining again.
  /// - A copy whose purchaser's transaction was refunded or revoked is revoked with the same
  ///   reason; a copy whose holder and purchaser are no longer in one family (or whose purchase
  ///   is gone) is revoked with reason 0, as Apple documents for leaving a family.
  public static func plan(_ family: FamilyLedger, catalog: ProductCatalog, now: Date) -> [Step] {
    let customers = family.customers
    var groupOf: [String: String] = [:]
    var sources: [UInt64: (owner: String, record: TransactionRecord)] = [:]
    for entry in customers {
      groupOf[entry.customer.id] = entry.customer.familyGroup
      for record in entry.records where record.sharedFromID == nil {
        sources[record.id] = (entry.customer.id, record)
      }
    }
    var steps: [Step] = []
    // Existing copies: follow, or lose, their purchaser's transaction. An assigned seat's copy
    // is the seat rules' (``SeatRules``), whichever families its holder and purchaser are in.
    for entry in customers {
      for copy in entry.records {
        guard let sourceID = copy.sharedFromID, let signed = copy.signed, !signed.isRevoked,
          signed.payload.inAppOwnershipType == .familyShared
        else { continue }
        let holderGroup = entry.customer.familyGroup
        guard let source = sources[sourceID], let payload = source.record.signed?.payload,
          holderGroup != nil, groupOf[source.owner] == holderGroup
        else {
          steps.append(.revoke(copy: copy, reason: .refundedForOtherReason, why: "family"))
          continue
        }
        if payload.revocationDate != nil {
          steps.append(
            .revoke(
              copy: copy, reason: payload.revocationReason ?? .refundedForOtherReason,
              why: "purchaser \(source.owner) transaction \(sourceID) revoked"))
        } else if payload.expiresDate != signed.payload.expiresDate
          || payload.isUpgraded != signed.payload.isUpgraded
        {
          steps.append(.mirror(copy: copy, source: payload))
        }
      }
    }
    // New copies, purchaser by purchaser.
    let members = customers.filter { $0.customer.familyGroup == family.group }
    for owner in members {
      let shareable = owner.records.filter { record in
        guard record.sharedFromID == nil, let signed = record.signed, !signed.isRevoked,
          signed.payload.inAppOwnershipType == .purchased
        else { return false }
        return isShareable(catalog.product(id: record.productID))
      }
      for member in members where member.customer.id != owner.customer.id {
        steps += shares(of: shareable, owner: owner, to: member, now: now)
      }
    }
    return steps
  }

  /// The copies `member` is missing of `owner`'s shareable transactions.
  private static func shares(
    of shareable: [TransactionRecord], owner: CustomerLedger, to member: CustomerLedger, now: Date
  ) -> [Step] {
    let copies = member.records.filter {
      $0.sharedFromID != nil && $0.signed?.payload.inAppOwnershipType == .familyShared
    }
    // Only live copies count: a member who left (their copies revoked) and joins again gets the
    // family's purchases again, as new copies.
    let copied = Set(
      copies.filter { $0.signed?.isRevoked == false }.compactMap(\.sharedFromID))
    var steps: [Step] = []
    var chains: [String: [TransactionRecord]] = [:]
    for record in shareable {
      guard let payload = record.signed?.payload else { continue }
      if payload.type == .autoRenewableSubscription {
        chains[payload.originalTransactionId, default: []].append(record)
      } else if !copied.contains(record.id) {
        steps.append(.share(source: record, member: member.customer.id, originalID: nil))
      }
    }
    let ownIDs = Set(owner.records.map(\.id))
    for original in chains.keys.sorted() {
      let chain = chains[original, default: []].sorted { $0.id < $1.id }
      // The member's copies of this chain: the live ones say how far sharing got.
      let chainCopies = copies.filter { copy in
        guard let source = copy.sharedFromID, ownIDs.contains(source) else { return false }
        return owner.records.first { $0.id == source }?.signed?.payload.originalTransactionId
          == original
      }
      let memberOriginal = chainCopies.first.flatMap {
        $0.signed.flatMap { UInt64($0.payload.originalTransactionId) }
      }
      let live = chainCopies.filter { $0.signed?.isRevoked == false }.compactMap(\.sharedFromID)
      let pending: [TransactionRecord]
      if let last = live.max() {
        pending = chain.filter { $0.id > last }
      } else {
        let state = owner.subscriptions.first { String($0.state.originalID) == original }?.state
        let entitled = state.map { $0.renewalState(at: now).isEntitled } ?? false
        pending = entitled ? Array(chain.suffix(1)).filter { !copied.contains($0.id) } : []
      }
      for record in pending {
        steps.append(
          .share(source: record, member: member.customer.id, originalID: memberOriginal))
      }
    }
    return steps
  }
}
