import StoreCore
import StoreManager
import TerminalUI

/// What an effect came to, as the runner's clients report it: facts, never sentences; the
/// sentences are made by ``StoreTermApp/report(_:in:)`` in `update`.
public enum EffectOutcome: Sendable, Equatable {
  /// Restore Purchases (`AppStore.sync()`) finished.
  case restored
  /// Restore Purchases threw this.
  case restoreFailed(PurchaseFailure)
  /// A transaction control was carried out on a transaction of `productID`.
  case controlled(ManageAction, transactionID: UInt64, productID: String)
  /// `beginRefundRequest` was answered: the request waits for the App Store's decision.
  case refundRequested(transactionID: UInt64)
  /// `beginRefundRequest` threw this; nothing changed.
  case refundFailed(PurchaseFailure)
  /// The customer joined a family group and received this many shared transactions.
  case joinedFamily(String, received: Int)
  /// The customer left this family group.
  case leftFamily(String)
  /// The App Store refused a family change; nothing changed.
  case familyRefused(Refusal)
  /// Another customer is signed in.
  case signedIn(String)
  /// The clock moved by `seconds`; the renewals made and billing failures logged meanwhile.
  case clockAdvanced(seconds: Double, renewals: Int, billingFailures: [StoreEvent])
  /// A purchase intent for `productID` was sent to the signed-in customer's app.
  case purchaseIntentSent(productID: String)
  /// The App Store or the ledger refused; nothing changed.
  case refused(Refusal)
}

extension StoreTermApp {
  /// The sentence an outcome reads as, and whether it reports a problem.
  public static func report(_ outcome: EffectOutcome, in snapshot: StoreSnapshot)
    -> (message: String, isError: Bool)
  {
    let text = snapshot.localized
    switch outcome {
    case .restored: return (text("Purchases restored."), false)
    case .restoreFailed(let failure): return (text("Restore failed: %@", "\(failure)"), true)
    case .controlled(let action, let id, let productID):
      return (text(action.doneTemplate, "\(id)", snapshot.name(of: productID)), false)
    case .refundRequested(let id):
      return (
        text(
          "Refund of transaction %@ requested: the App Store asked the developer's server for "
            + "consumption information and decides in the transaction manager.", "\(id)"),
        false
      )
    case .refundFailed(let failure):
      return (text("Refund request failed: %@. Nothing changed.", "\(failure)"), true)
    case .joinedFamily(let group, let received):
      let template =
        received == 1
        ? "Joined family group %1$@; received 1 shared transaction."
        : "Joined family group %1$@; received %2$@ shared transactions."
      return (text(template, group, "\(received)"), false)
    case .leftFamily(let group):
      return (text("Left family group %@; shared access was revoked.", group), false)
    case .familyRefused(let reason):
      return (FamilySheet.refusal(reason.text(snapshot), snapshot), true)
    case .signedIn(let customerID): return (text("Signed in as %@.", customerID), false)
    case .purchaseIntentSent(let productID):
      return (
        text("Sent a purchase intent for %@ to the app.", snapshot.name(of: productID)), false
      )
    case .clockAdvanced(let seconds, let renewals, let failures):
      let days = Int(seconds / 86_400)
      return (
        ClockReport.sentence(
          days: days, renewals: renewals, billingFailures: failures, in: snapshot), false
      )
    case .refused(let reason): return (reason.text(snapshot), true)
    }
  }

  /// Words an outcome and hands it to whoever waits for it: the refund sheet, the Join Family
  /// sheet, else the message line.
  static func finished(_ state: inout AppState, _ outcome: EffectOutcome) -> [AppEffect] {
    let (message, isError) = report(outcome, in: state.snapshot)
    switch outcome {
    case .refundRequested, .refundFailed:
      return RefundSheet.update(&state, .finished(message: message, isError: isError))
    case .joinedFamily, .leftFamily, .familyRefused:
      return FamilySheet.update(&state, .finished(message: message, isError: isError))
    default:
      state.toast = Toast(message, kind: isError ? .error : .success)
      return []
    }
  }
}
