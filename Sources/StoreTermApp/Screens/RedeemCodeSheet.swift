import Foundation
import StoreCore
import StoreManager
import TerminalUI

/// The Redeem Code sheet, open over the paywall (`AppStore.presentOfferCodeRedeemSheet`).
public struct RedeemCodeSheetState: Hashable, Sendable {
  /// Where the sheet stands.
  public enum Phase: Hashable, Sendable {
    /// The App Store is presenting the sheet (a simulated error can stop it here).
    case opening
    /// The customer types a code or picks one from the list.
    case entering
    /// The App Store is redeeming the code.
    case redeeming
    /// The redemption ended in this state.
    case redeemed(PurchaseState)
    /// The sheet could not be presented: StoreKit threw this.
    case unavailable(PurchaseFailure)
  }

  /// Where the sheet stands.
  public var phase: Phase = .opening
  /// The code as typed (or filled in by picking from the list).
  public var code = ""
  /// The position in ``StoreSnapshot/offerCodes`` of the listed code the field holds, if any.
  public var selected: Int?
  /// Why the last `Enter` sent nothing, as one sentence.
  public var problem: String?
  /// The code sent to the App Store, as the catalog lists it.
  public var redeeming: OfferCode?
  /// The product the customer was subscribed to in the code's group when the code was sent.
  public var subscribedProductID: String?
  /// When the current period ended as the code was sent, if the customer was subscribed to the
  /// code's own product: the offer then starts at that renewal.
  public var renewalDate: Date?

  /// Creates a sheet that is being presented.
  public init() {}

  /// Whether the customer can type into the code field.
  public var isEntering: Bool { phase == .entering }
}

/// What the user (or the runner's answer) does to the Redeem Code sheet.
public enum RedeemCodeAction: Sendable, Equatable {
  /// `c` on the paywall: presents the sheet.
  case open
  /// The App Store presented the sheet.
  case presented
  /// Presenting the sheet threw this (the "Offer Code Redeem Sheet" simulated error).
  case presentFailed(PurchaseFailure)
  /// A character typed into the code.
  case type(Character)
  /// `Backspace`: removes the code's last character.
  case deleteBackward
  /// `↑`/`↓`: picks the previous or next listed code into the field.
  case move(Int)
  /// `Enter`: redeems the code (or closes the result).
  case confirm
  /// `Esc`: closes the sheet without redeeming.
  case cancel
  /// The redemption of a code for `productID` ended in `state`.
  case finished(productID: String, state: PurchaseState)
}

/// The Redeem Code sheet: a code field, the catalog's offer codes to pick from, and the App
/// Store's answer; `Enter` redeems through the store manager as `purchase --offer-code` does.
public enum RedeemCodeSheet {
  /// The longest code the field takes (App Store Connect's limit for reference names).
  static let maximumLength = 64

  /// The sheet's keys; other characters type into the code while it is open.
  public static let keymap = Keymap<AppState, AppAction>([
    KeyBinding(
      [.enter], description: "redeem", group: "Redeem Code", disabledReason: busy,
      action: .redeem(.confirm)),
    KeyBinding(
      [.escape], description: "cancel", group: "Redeem Code",
      disabledReason: { $0.redeemSheet?.phase == .redeeming ? "the App Store is answering" : nil },
      action: .redeem(.cancel)),
    KeyBinding(
      [.up], description: "previous code", group: "Redeem Code", showsInHintBar: false,
      disabledReason: notEntering, action: .redeem(.move(-1))),
    KeyBinding(
      [.down], description: "next code", group: "Redeem Code", showsInHintBar: false,
      disabledReason: notEntering, action: .redeem(.move(1))),
    KeyBinding(
      [.backspace], description: "delete a character", group: "Redeem Code",
      showsInHintBar: false, disabledReason: notEntering, action: .redeem(.deleteBackward)),
  ])

  private static func busy(_ state: AppState) -> String? {
    switch state.redeemSheet?.phase {
    case .opening: "the App Store is opening the sheet"
    case .redeeming: "the App Store is answering"
    default: nil
    }
  }

  private static func notEntering(_ state: AppState) -> String? {
    busy(state) ?? (state.redeemSheet?.isEntering == true ? nil : "the code was already sent")
  }

  /// Why `c` cannot open the sheet now, or nil.
  static func openBlocked(_ state: AppState) -> String? {
    if let reason = state.mutationBlocked { return reason }
    return state.snapshot.offerCodes.isEmpty ? "the catalog has no offer codes" : nil
  }

  /// Applies a sheet action.
  static func update(_ state: inout AppState, _ action: RedeemCodeAction) -> [AppEffect] {
    if case .open = action {
      guard state.modal == nil else { return [] }
      state.redeemSheet = RedeemCodeSheetState()
      return [.presentOfferCodeRedeemSheet]
    }
    if case .finished(let productID, let result) = action {
      return finished(&state, productID: productID, result: result)
    }
    guard var sheet = state.redeemSheet else { return [] }
    let codes = state.snapshot.offerCodes
    var effects: [AppEffect] = []
    switch (action, sheet.phase) {
    case (.presented, .opening):
      sheet.phase = .entering
    case (.presentFailed(let failure), .opening):
      sheet.phase = .unavailable(failure)
    case (.type(let character), .entering):
      guard sheet.code.count < maximumLength else {
        sheet.problem = state.snapshot.localized(
          "A code has at most %@ characters.", "\(maximumLength)")
        break
      }
      sheet.code.append(character)
      sheet.problem = nil
      sheet.selected = match(sheet.code, in: codes)
    case (.deleteBackward, .entering):
      if !sheet.code.isEmpty { sheet.code.removeLast() }
      sheet.problem = nil
      sheet.selected = match(sheet.code, in: codes)
    case (.move(let delta), .entering):
      guard !codes.isEmpty else { break }
      let start = sheet.selected ?? (delta > 0 ? -1 : codes.count)
      let index = min(max(start + delta, 0), codes.count - 1)
      sheet.selected = index
      sheet.code = codes[index].referenceName
      sheet.problem = nil
    case (.confirm, .entering):
      effects = send(&sheet, snapshot: state.snapshot)
    case (.confirm, .redeemed(let result)), (.cancel, .redeemed(let result)):
      state.redeemSheet = nil
      guard let productID = sheet.redeeming?.productID, result != .pending else { return [] }
      return [.dismissPurchase(productID: productID)]
    case (.confirm, .unavailable), (.cancel, .unavailable), (.cancel, .entering),
      (.cancel, .opening):
      // Closing the sheet redeems nothing; StoreKit's call simply returns.
      state.redeemSheet = nil
      return []
    default:
      return []
    }
    state.redeemSheet = sheet
    return effects
  }

  /// The listed code the text names (ignoring case and surrounding blanks), if any.
  static func match(_ text: String, in codes: [OfferCode]) -> Int? {
    let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard !wanted.isEmpty else { return nil }
    return codes.firstIndex { $0.referenceName.lowercased() == wanted }
  }

  /// Sends the typed code to the App Store, or says in the sheet why it cannot be sent.
  private static func send(_ sheet: inout RedeemCodeSheetState, snapshot: StoreSnapshot)
    -> [AppEffect]
  {
    let typed = sheet.code.trimmingCharacters(in: .whitespaces)
    guard !typed.isEmpty else {
      sheet.problem = snapshot.localized("Type a code, or pick one with ↑/↓.")
      return []
    }
    guard let index = match(typed, in: snapshot.offerCodes) else {
      sheet.problem = snapshot.localized(
        "“%@” is not an offer code of this app; nothing changed.", typed)
      return []
    }
    let code = snapshot.offerCodes[index]
    sheet.code = code.referenceName
    sheet.selected = index
    sheet.problem = nil
    sheet.redeeming = code
    sheet.phase = .redeeming
    // What the customer has now decides how the answer reads: a current subscriber of the
    // code's product gets the offer from the next renewal (the engine's rule).
    if let status = snapshot.statuses[code.groupID], status.isEntitled {
      sheet.subscribedProductID = status.productID
      if status.productID == code.productID { sheet.renewalDate = status.expirationDate }
    }
    return [.redeemOfferCode(referenceName: code.referenceName, productID: code.productID)]
  }

  private static func finished(
    _ state: inout AppState, productID: String, result: PurchaseState
  ) -> [AppEffect] {
    if var sheet = state.redeemSheet, sheet.phase == .redeeming,
      sheet.redeeming?.productID == productID
    {
      sheet.phase = .redeemed(result)
      state.redeemSheet = sheet
      return []
    }
    // No sheet waits for this answer (it cannot be closed while redeeming, so this is only a
    // safety net): report it and settle the product's state.
    let (message, role) = PurchaseSheet.describe(result, state.snapshot.locale)
    state.toast = Toast(
      state.snapshot.localized("%1$@: %2$@", state.snapshot.name(of: productID), message),
      kind: role == .success ? .success : role == .error ? .error : .warning)
    return result == .pending ? [] : [.dismissPurchase(productID: productID)]
  }
}
