import Foundation
import StoreCore
import StoreTermApp
import Synchronization

/// Where the terminal UI records a walk (`W`): the file `--record` names, else a new
/// `storeterm-walk-<time>.scenario` in the current folder; and the catalog the walk runs on.
struct RecordingTarget: Sendable {
  /// `--record`'s file, if given.
  var path: String?
  /// The ledger's paths: the write rule keeps the recording off storeterm's own state.
  var paths: StorePaths
  /// The catalog as the scenario names it.
  var catalog: String
}

/// The scenario step a front-end effect was, read from the effect and what the runner answered.
enum EffectRecording {
  /// The step, with the purchase's outcome word; nil for an effect that changed nothing a
  /// scenario holds (a refused control, a restore, a storefront or a simulated error).
  static func step(_ effect: AppEffect, answers: [AppAction]) -> (ScenarioAction, String?)? {
    func refused() -> Bool {
      answers.contains {
        switch $0 {
        case .finished(.refused), .finished(.familyRefused), .finished(.refundFailed): true
        default: false
        }
      }
    }
    switch effect {
    case .purchase(let productID, let forced, let offer):
      let state = answers.lazy.compactMap { action -> String? in
        if case .purchaseFinished(productID, let state) = action { return "\(state)" }
        return nil
      }.first
      guard let state else { return nil }
      var purchase = ScenarioPurchase(productID: productID)
      purchase.offer = offer
      switch forced {
      case .normal: break
      case .askToBuy: purchase.outcome = .askToBuy
      case .interrupted: purchase.outcome = .interrupted
      case .cancelled: purchase.outcome = .cancelled
      case .failure(let name): purchase.outcome = .fail(name)
      }
      return (.purchase(purchase), ScenarioPlayer.outcomeWord(state))
    case .redeemOfferCode(let referenceName, let productID):
      let state = answers.lazy.compactMap { action -> String? in
        if case .redeem(.finished(productID, let state)) = action { return "\(state)" }
        return nil
      }.first
      guard let state else { return nil }
      return (
        .purchase(ScenarioPurchase(productID: productID, offerCode: referenceName)),
        ScenarioPlayer.outcomeWord(state)
      )
    case .manage(let control, let id):
      guard !refused() else { return nil }
      return (.control(control, id: id, price: nil, reason: nil), nil)
    case .requestRefund(let id, let reason):
      guard !refused() else { return nil }
      // The sheet asks; the App Store decides later (QA's refund, prorated or declined step).
      _ = reason
      return (.control(.requestRefund, id: id, price: nil, reason: nil), nil)
    case .setSetting(let setting, let on):
      guard !refused(),
        let name = SettingsCommand.names.first(where: { $0.key == setting.sessionSwitch })?.name
      else { return nil }
      return (.setting(name: name, on: on), nil)
    case .setTimeRate(let name):
      guard !refused() else { return nil }
      return (.clockRate(name), nil)
    case .advanceClock(let seconds):
      guard !refused(), seconds >= 1 else { return nil }
      let whole = Int(seconds.rounded(.down))
      return (.clockAdvance(text: ScenarioText.duration(whole), seconds: Double(whole)), nil)
    case .joinFamily(let group):
      guard !refused() else { return nil }
      return (.familyJoin(group), nil)
    case .leaveFamily:
      guard !refused() else { return nil }
      return (.familyLeave, nil)
    default:
      return nil
    }
  }

  /// Whether `effect` may change the store, so is watched while recording.
  static func mayChange(_ effect: AppEffect) -> Bool {
    switch effect {
    case .purchase, .redeemOfferCode, .manage, .requestRefund, .setSetting, .setTimeRate,
      .advanceClock, .joinFamily, .leaveFamily:
      true
    default: false
    }
  }
}

/// The actions an effect sent, kept while it runs (from whichever task sends them).
final class SentActions: Sendable {
  private let actions = Mutex<[AppAction]>([])

  func append(_ action: AppAction) { actions.withLock { $0.append(action) } }

  var all: [AppAction] { actions.withLock { $0 } }
}
