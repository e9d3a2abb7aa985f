import StoreManager
import TerminalUI

/// storeterm's front end as an Elm-style application: keys become actions, ``update(_:_:)``
/// changes the state and asks for effects, ``view(_:size:)`` draws it.
public enum StoreTermApp: Application {
  /// The front end's state.
  public typealias State = AppState
  /// What can happen.
  public typealias Action = AppAction
  /// What the runner does.
  public typealias Effect = AppEffect

  /// Below this size a notice replaces the screen.
  public static let minimumSize = Size(width: 60, height: 18)

  /// Starts the store and the watch for other processes' changes before the first frame.
  public static func initialEffects(_ state: AppState) -> [AppEffect] {
    [.start, .watchForChanges]
  }

  /// Whether the user has quit.
  public static func isFinished(_ state: AppState) -> Bool { state.isFinished }

  // MARK: - Input

  /// The action an input event means, by one precedence: the open modal (its text field,
  /// then its keys), else the focused text field, else the active key map; a disabled key
  /// becomes ``AppAction/refused(_:)`` with its reason.
  public static func action(for event: InputEvent, in state: AppState) -> AppAction? {
    guard case .key(let key) = event else {
      if case .resize(let size) = event { return .resized(size) }
      if case .click(let point) = event { return clickAction(at: point, in: state) }
      return nil
    }
    if state.modal != nil || state.focus != nil {
      if let typed = ModalRules.typed(key, in: state) { return typed }
      // A focused field swallows every other key.
      if state.modal == nil { return nil }
    }
    switch GlobalKeys.activeKeymap(state).resolve(key, in: state) {
    case .action(let action): return action
    case .disabled(let reason): return .refused(state.snapshot.localizedIfKey(reason))
    case .unbound: return nil
    }
  }

  /// The action a left click means: a tab switches screens, a list row is selected.
  ///
  /// Clicks are ignored while a modal or a text field has the keyboard
  /// (``AppState/capturesInput``), so a stray click can never dismiss or confirm anything.
  static func clickAction(at point: Point, in state: AppState) -> AppAction? {
    guard !state.capturesInput, !notice(for: state.size) else { return nil }
    if point.y == 0 {
      guard let screen = Chrome.screen(atColumn: point.x, state: state, width: state.size.width),
        screen != state.screen
      else { return nil }
      return .show(screen)
    }
    let bodyRow = point.y - 1
    let bodyHeight = state.size.height - 3
    // The row under the click, the current selection, and the list's length.
    let hit: (row: Int?, selected: Int?, count: Int)
    switch state.screen {
    case .paywall:
      hit = (
        PaywallScreen.position(atRow: bodyRow, state, bodyHeight: bodyHeight),
        PaywallScreen.selectedPosition(state), PaywallScreen.order(state.snapshot).count
      )
    case .account:
      hit = (
        AccountScreen.position(atRow: bodyRow, state, bodyHeight: bodyHeight),
        state.account.selected, AccountScreen.history(state.snapshot).count
      )
    case .transactions:
      hit = (
        TransactionsScreen.position(atRow: bodyRow, state, bodyHeight: bodyHeight),
        state.transactions.selected, TransactionsScreen.filtered(state).count
      )
    case .customers:
      hit = (
        CustomersScreen.position(atRow: bodyRow, state, bodyHeight: bodyHeight),
        CustomersScreen.selectedPosition(state), state.customers.results.count
      )
    case .notifications:
      hit = (
        NotificationsScreen.position(atRow: bodyRow, state, bodyHeight: bodyHeight),
        NotificationsScreen.selectedIndex(state), state.notifications.rows.count
      )
    case .eventLog:
      // The log scrolls but selects nothing.
      return nil
    }
    guard let target = hit.row else { return nil }
    // With nothing selected a move down by n lands on row n - 1.
    guard let selected = hit.selected else { return .move(target + 1) }
    let current = min(selected, max(0, hit.count - 1))
    return target == current ? nil : .move(target - current)
  }

  private static func notice(for size: Size) -> Bool {
    SizeNotice(minimum: minimumSize).isNeeded(for: size)
  }

  // MARK: - Update

  /// Applies `action` and returns the effects to run; a key clears the status message, and
  /// every new message goes into the log.
  public static func update(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
    noteMessages(&state, action) { apply(&$0, action) }
  }

  private static func apply(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
    switch action {
    case .show(let screen):
      return show(&state, screen)
    case .nextScreen:
      return show(&state, state.screen.next)
    case .previousScreen:
      return show(&state, state.screen.previous)
    case .toggleHelp:
      if case .help(let below) = state.modal {
        state.modal = below
      } else {
        state.modal = .help(over: state.modal)
      }
      state.helpScroll = 0
    case .scrollHelp(let delta):
      let lines = helpView(state).lineCount(in: state.size)
      state.helpScroll = TextOverlay.clampedScroll(
        state.helpScroll + delta, count: lines, height: max(1, state.size.height - 2))
    case .quit:
      if state.hasPurchaseInFlight {
        if state.modal == nil { state.modal = .quitQuestion }
      } else {
        state.isFinished = true
      }
    case .answerQuit(let quits):
      guard state.modal == .quitQuestion else { return [] }
      state.modal = nil
      state.isFinished = quits
    case .resized(let size):
      // The open customer keeps the item at the top in view, whatever the lines re-wrap to.
      if let detail = state.customers.detail {
        state.customers.detailScroll = CustomerDetailView.rescroll(
          state.customers.detailScroll, detail,
          fromWidth: CustomerDetailView.contentWidth(state.size.width),
          toWidth: CustomerDetailView.contentWidth(size.width), snapshot: state.snapshot)
      }
      state.size = size
    case .move(let delta):
      return move(&state, by: delta)
    case .moveToFirst:
      return move(&state, by: -Int.max / 2)
    case .moveToLast:
      return move(&state, by: Int.max / 2)
    case .refused(let reason):
      state.toast = Toast(reason, kind: .warning)
    case .messages(let logAction):
      update(&state, logAction)
    case .tick:
      // Taken in by noteMessages before this switch.
      break
    case .toggleRecording:
      return [.setRecording(state.recordingFile == nil)]
    case .recordingChanged(let file):
      let stopped = state.recordingFile
      state.recordingFile = file
      if let file {
        state.toast = Toast(state.snapshot.localized("Recording to %@ (W stops).", file))
      } else if let stopped {
        state.toast = Toast(state.snapshot.localized("Recording stopped: %@.", stopped))
      }
    case .paywall(let paywallAction):
      return PaywallScreen.update(&state, paywallAction)
    case .account(let accountAction):
      return AccountScreen.update(&state, accountAction)
    case .transactions(let transactionsAction):
      return TransactionsScreen.update(&state, transactionsAction)
    case .support(let supportAction):
      return CustomersScreen.update(&state, supportAction)
    case .notifications(let notificationsAction):
      return NotificationsScreen.update(&state, notificationsAction)
    case .purchaseSheet(let sheetAction):
      return PurchaseSheet.update(&state, sheetAction)
    case .redeem(let redeemAction):
      return RedeemCodeSheet.update(&state, redeemAction)
    case .refund(let refundAction):
      return RefundSheet.update(&state, refundAction)
    case .retention(let retentionAction):
      return RetentionSheet.update(&state, retentionAction)
    case .family(let familyAction):
      return FamilySheet.update(&state, familyAction)
    case .customerPicker(let pickerAction):
      return CustomerPicker.update(&state, pickerAction)
    case .settings(let settingsAction):
      return SettingsPanel.update(&state, settingsAction)
    case .storeChanged(let snapshot):
      // Selections follow identities, never positions: another process may insert or remove
      // transactions between two snapshots.
      let transaction = TransactionsScreen.selectedRecord(state)
      let history = AccountScreen.selectedRecord(state)
      let old = state.snapshot
      state.snapshot = snapshot
      state.isLoaded = true
      PaywallScreen.follow(from: old, in: &state)
      if old.customerID != snapshot.customerID { state.paywall.presentedIntent = 0 }
      if let intent = snapshot.purchaseIntent { PaywallScreen.present(intent, in: &state) }
      var effects = TransactionsScreen.follow(transaction, in: &state)
      if old.customerID == snapshot.customerID {
        effects += AccountScreen.follow(history, in: &state)
      } else {
        // Another customer signed in: their history starts at its newest row.
        state.account = AccountState()
      }
      return effects
    case .purchaseFinished(let productID, let result):
      return purchaseFinished(&state, productID: productID, result: result)
    case .finished(let outcome):
      return finished(&state, outcome)
    }
    return []
  }

  /// Shows `screen`; the Customers screen lists the first customers the first time it shows,
  /// the Notifications screen reads the newest page (and starts watching) each time.
  private static func show(_ state: inout AppState, _ screen: ScreenID) -> [AppEffect] {
    state.screen = screen
    switch screen {
    case .customers: return CustomersScreen.firstSearch(&state)
    case .notifications: return NotificationsScreen.shown(&state)
    default: return []
    }
  }

  private static func purchaseFinished(
    _ state: inout AppState, productID: String, result: PurchaseState
  ) -> [AppEffect] {
    if var sheet = state.sheet, sheet.productID == productID {
      sheet.phase = .result(result)
      state.sheet = sheet
      return []
    }
    // The sheet was closed by cancelling: report the answer and settle the product's state.
    let (message, role) = PurchaseSheet.describe(
      result, productID: productID, outcome: .normal, snapshot: state.snapshot)
    let kind: Toast.Kind =
      switch role {
      case .success: .success
      case .error: .error
      default: .warning
      }
    state.toast = Toast("\(state.snapshot.name(of: productID)): \(message)", kind: kind)
    return result == .pending ? [] : [.dismissPurchase(productID: productID)]
  }

  /// Moves the shown screen's list (or its open inspector or detail) by `delta`; Home and End
  /// move by huge deltas, which each screen clamps.
  private static func move(_ state: inout AppState, by delta: Int) -> [AppEffect] {
    switch state.screen {
    case .paywall:
      PaywallScreen.move(&state, by: delta)
      return []
    case .account: return AccountScreen.move(&state, by: delta)
    case .transactions: return TransactionsScreen.move(&state, by: delta)
    case .eventLog:
      EventLogScreen.move(&state, by: delta)
      return []
    case .customers: return CustomersScreen.move(&state, by: delta)
    case .notifications: return NotificationsScreen.move(&state, by: delta)
    }
  }

  /// Restore Purchases, from the paywall or the account screen.
  static func restore(_ state: inout AppState) -> [AppEffect] {
    state.toast = Toast(state.snapshot.localized("Restoring purchases…"))
    return [.restore]
  }

  // MARK: - View

  /// The frame for `state` at `size`.
  public static func view(_ state: AppState, size: Size) -> Screen {
    let notice = SizeNotice(minimum: minimumSize)
    if notice.isNeeded(for: size) { return notice.render(size: size) }
    var canvas = Canvas(size: size)
    Chrome.renderTabs(state, in: &canvas)
    let body = Rect(x: 0, y: 1, width: size.width, height: size.height - 3)
    canvas.within(body) { area in
      switch state.screen {
      case .paywall: PaywallScreen.render(state, in: &area)
      case .account: AccountScreen.render(state, in: &area)
      case .transactions: TransactionsScreen.render(state, in: &area)
      case .eventLog: EventLogScreen.render(state, in: &area)
      case .customers: CustomersScreen.render(state, in: &area)
      case .notifications: NotificationsScreen.render(state, in: &area)
      }
      if let modal = state.modal { ModalRules.drawOverBody(modal, state, in: &area) }
    }
    Chrome.renderStatus(state, in: &canvas, row: size.height - 2)
    Self.hintBar(state).render(in: &canvas, row: size.height - 1)
    if let modal = state.modal { ModalRules.drawOverFrame(modal, state, in: &canvas) }
    return canvas.screen
  }
}

extension StoreTermApp {
  /// The key help for `state`, in the snapshot's language, at its scroll position.
  static func helpView(_ state: AppState) -> HelpView {
    let snapshot = state.snapshot
    let sections = GlobalKeys.keymapBeneathHelp(state).helpSections(in: state).map { section in
      HelpSection(
        title: snapshot.localized(section.title),
        entries: section.entries.map { localized($0, snapshot) })
    }
    return HelpView(
      sections: sections, title: snapshot.localized("Keys"), scroll: state.helpScroll,
      more: snapshot.localized("%@ more"))
  }

  /// The keys of the active screen or sheet; where they do not all fit, help and quit stay and
  /// the screen's own keys give way, since help lists them all.
  static func hintBar(_ state: AppState) -> HintBar {
    // Help covers the screen; the bar keeps naming the keys of what is beneath it.
    let entries = GlobalKeys.keymapBeneathHelp(state).hintBarEntries(in: state)
    let general = Set(GlobalKeys.keymap.hintBarEntries(in: state))
    let pinned = entries.reversed().prefix { general.contains($0) }.count
    return HintBar(
      entries: entries.map { localized($0, state.snapshot) }, pinnedTrailing: pinned)
  }

  /// A key's description and reason in the snapshot's language (its label stays as it is); a
  /// reason worded where its facts are (naming a transaction) is already in that language.
  static func localized(_ entry: HelpEntry, _ snapshot: StoreSnapshot) -> HelpEntry {
    var entry = entry
    entry.description = snapshot.localized(entry.description)
    entry.disabledReason = entry.disabledReason.map { snapshot.localizedIfKey($0) }
    return entry
  }
}
