import Foundation
import StoreCore
import StoreManager
import TerminalUI

/// The transaction inspector: the selected transaction's payload fields, JWS header and
/// verification, wrapped between fields to the screen's width.
extension TransactionsScreen {
  /// The inspector's height at `size` (the screen's body), frame included: tall enough for
  /// its lines wrapped to the width, at least ``inspectorHeight``, and leaving the list the
  /// filter line, its frame, titles and two rows; zero when the inspector is hidden.
  static func inspectorHeight(_ state: AppState, size: Size) -> Int {
    guard state.transactions.showsInspector else { return 0 }
    let lines =
      selectedRecord(state).map {
        wrappedInspectorLines($0, snapshot: state.snapshot, width: size.width).count
      } ?? 1
    return max(inspectorHeight, min(lines + 2, size.height - 6))
  }

  /// The inspector's lines wrapped to a screen `width` columns wide: each line breaks between
  /// its ` · ` fields, so a field name stays with its value.
  static func wrappedInspectorLines(
    _ record: TransactionRecord, snapshot: StoreSnapshot, width: Int
  ) -> [(String, StyleRole)] {
    inspectorLines(record, snapshot: snapshot).flatMap { line, role in
      TextWrap.packed(
        line.components(separatedBy: " · "), separator: " · ", width: max(1, width - 4)
      ).map { ($0, role) }
    }
  }

  static func renderInspector(
    _ record: TransactionRecord?, snapshot: StoreSnapshot, width: Int, in canvas: inout Canvas
  ) {
    let frame = canvas.bounds
    let inside = canvas.panel(frame, title: snapshot.localized("Inspector"), focused: false)
    guard let record else {
      canvas.text(snapshot.localized("Select a transaction."), at: Point(x: 2, y: 1), role: .dim)
      return
    }
    let lines = wrappedInspectorLines(record, snapshot: snapshot, width: width)
    canvas.within(inside.insetBy(dx: 1, dy: 0)) { area in
      for (y, (line, role)) in lines.prefix(area.size.height).enumerated() {
        area.text(line, at: Point(x: 0, y: y), role: role)
      }
    }
    // Lines beyond the inspector's room (a terminal too short) are counted, not cut silently.
    ScrollMarks(
      offset: 0, height: inside.height, count: lines.count, more: snapshot.localized("%@ more")
    )
    .render(onFrame: frame, in: &canvas)
  }

  /// A billing plan's wire fields: `billingPlanType MONTHLY · billingPeriodNumber 3/12 ·
  /// commitmentExpiresDate … · commitmentPrice 71880 (71.88 USD)`, prices in milliunits as signed.
  static func billingPlanLine(
    _ plan: BillingPlanType, _ payload: JWSTransactionDecodedPayload
  ) -> String {
    var line = "billingPlanType \(plan.rawValue)"
    guard let info = payload.commitmentInfo else { return line }
    if let number = info.billingPeriodNumber, let total = info.totalBillingPeriods {
      line += " · billingPeriodNumber \(number)/\(total)"
    }
    if let expires = info.commitmentExpiresDate {
      line += " · commitmentExpiresDate \(DateText.minute(Date(epochMilliseconds: expires)))"
    }
    if let price = info.commitmentPrice {
      line += " · commitmentPrice \(price)"
      if let currency = payload.currency {
        line += " (\(Self.money(milliunits: price)) \(currency))"
      }
    }
    return line
  }

  /// The inspector's lines for `record`: payload fields, JWS header, verification.
  static func inspectorLines(_ record: TransactionRecord, snapshot: StoreSnapshot) -> [(
    String, StyleRole
  )] {
    guard let signed = record.signed else {
      return [
        (
          snapshot.localized("transaction %@", "\(record.id)") + " · \(record.productID) · "
            + TransactionStanding.words(record, in: snapshot), .normal
        ),
        (snapshot.localized("No signed transaction yet: nothing was charged."), .dim),
      ]
    }
    let payload = signed.payload
    var lines: [(String, StyleRole)] = [
      (
        "transactionId \(payload.transactionId) · originalTransactionId "
          + "\(payload.originalTransactionId) · \(payload.productId)",
        .normal
      ),
      (
        "purchaseDate \(DateText.minute(signed.purchaseDate))"
          + (signed.expirationDate.map { " · expiresDate \(DateText.minute($0))" } ?? "")
          + " · \(payload.transactionReason.rawValue)",
        .normal
      ),
    ]
    var offer = "type \(payload.type.rawValue)"
    if let type = payload.offerType { offer += " · offerType \(type.rawValue)" }
    if let price = payload.price, let currency = payload.currency {
      // The wire's `price` is in milliunits: `price 1490 (1.49 USD)`, never "1490 USD".
      offer += " · price \(price) (\(Self.money(milliunits: price)) \(currency))"
    }
    lines.append((offer, .normal))
    if let plan = payload.billingPlanType {
      lines.append((billingPlanLine(plan, payload), .normal))
    }
    lines += bundleAndSeatLines(payload).map { ($0, .normal) }
    lines += advancedCommerceLines(payload).map { ($0, .normal) }
    lines.append(
      (
        "inAppOwnershipType \(payload.inAppOwnershipType.rawValue)"
          + (record.sharedFromID.map {
            " · "
              + snapshot.localized(
                payload.inAppOwnershipType == .assigned
                  ? "assigned from transaction %@" : "shared from transaction %@", "\($0)")
          } ?? "")
          + (payload.appTransactionId.map { " · appTransactionId \($0)" } ?? ""),
        payload.inAppOwnershipType.isHeldThroughOthers ? .badge : .normal
      ))
    if let date = payload.revocationDate {
      lines.append(
        (
          "revocationDate \(DateText.minute(Date(epochMilliseconds: date)))"
            + (payload.revocationReason.map { " · revocationReason \($0.rawValue)" } ?? "")
            + (payload.revocationType.map { " · revocationType \($0.rawValue)" } ?? "")
            + (payload.revocationPercentage.map { " · revocationPercentage \($0)" } ?? ""),
          .warning
        ))
    }
    if let note = snapshot.transactionPage?.refunds[record.id] {
      lines.append(refundLine(note, payload: payload, snapshot: snapshot))
      lines.append(
        (
          snapshot.localized(
            "Consumption information: %@",
            note.consumption ?? snapshot.localized("none received")), .normal
        ))
    }
    // The header shares the verification line, so a revoked transaction's six lines fit.
    let verification =
      snapshot.transactionPage?.verification[record.id] ?? snapshot.verification[record.id]
      ?? "not checked"
    lines.append(
      (
        snapshot.localized(
          "Verification: %@",
          ["verified", "not checked"].contains(verification)
            ? snapshot.localized(verification) : verification) + " · JWS "
          + jwsHeader(signed.jws),
        verification == "verified" ? .success : .error
      ))
    return lines
  }

  /// Milliunits as the amount they are: 1490 → `1.49`, 480000 → `480`, 990 → `0.99`.
  static func money(milliunits: Int64) -> String {
    "\(Decimal(milliunits) / 1000)"
  }

  /// The JWS header in short, in its own field names: `alg` and how many certificates `x5c`
  /// holds.
  static func jwsHeader(_ jws: String) -> String {
    guard let first = jws.split(separator: ".").first else { return "missing" }
    var text = first.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    guard let data = Data(base64Encoded: text),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return "unreadable" }
    let alg = object["alg"] as? String ?? "?"
    let chain = (object["x5c"] as? [Any])?.count ?? 0
    return "alg \(alg) · x5c \(chain)"
  }

  /// `Refund request UNINTENDED_PURCHASE: refunded 40%`, in the UI's language (Apple's reason).
  static func refundLine(
    _ note: RefundNote, payload: JWSTransactionDecodedPayload, snapshot: StoreSnapshot
  ) -> (String, StyleRole) {
    let decision: String
    let role: StyleRole
    switch note.refund.outcome {
    case .waiting: (decision, role) = (snapshot.localized("waiting for a decision"), .badge)
    case .declined: (decision, role) = (snapshot.localized("declined"), .normal)
    case .reversed: (decision, role) = (snapshot.localized("refund reversed"), .normal)
    case .refunded:
      if payload.revocationType == .refundProrated, let share = payload.revocationPercentage {
        decision = snapshot.localized("refunded %@", RevocationType.percentText(share))
      } else {
        decision = snapshot.localized("refunded in full")
      }
      role = .warning
    }
    return (
      snapshot.localized(
        "Refund request %1$@: %2$@", note.refund.reason.rawValue, decision), role
    )
  }
}
