/**
 * The open dialogs, oldest first, and what that means for the rest of the page: only the top
 * dialog can be reached. Everything else in <body> (the page, lower dialogs of a stack) is made
 * `inert` (no focus, no click, hidden from assistive tech), except the layers that are not the
 * page's ({@link FOREIGN_LAYER}: the toasts, a wallet's own QR modal) and a modal's loading frame
 * over the top dialog. When a dialog closes, focus goes back to the element it was opened from if
 * that is still there and reachable, otherwise into the dialog now on top (never to the page
 * behind).
 */
const open: HTMLElement[] = [];
const MARK = "data-modal-inert";

/**
 * Layers beside the dialogs that stay reachable while one is open: the toasts (ToasterHost's
 * layer, there before the first toast: spec section 2, a toast stays closable) and WalletConnect's
 * QR modal (`w3m-modal`, appended to <body> by the wallet SDK over the connect modal). Keys pressed
 * in them (Tab, Escape) are theirs, not the dialog's.
 */
export const FOREIGN_LAYER = "[data-toast-layer], w3m-modal";

const LOADING_LAYER = "[data-modal-loading-layer]";

/** Whether `el` comes after `top` in the page (a layer added later: drawn over it). */
const after = (top: Element, el: Element) =>
  (top.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/**
 * A modal's loading frame (./ModalFrame's `ModalLoading`, in a layer of its own) over the top
 * dialog: a modal opened from it shows the frame while its code loads; its close button and
 * Escape close the frame, not the dialog underneath. One under the top dialog is not reachable.
 */
export function loadingOver(top: Element): boolean {
  return Array.from(document.querySelectorAll(LOADING_LAYER)).some((layer) => after(top, layer));
}

const staysReachable = (el: Element, top: Element) =>
  el.matches(FOREIGN_LAYER) || (el.matches(LOADING_LAYER) && after(top, el));

const setInert = (el: Element, blocks: boolean) => {
  if (blocks && !el.hasAttribute("inert")) {
    el.setAttribute("inert", "");
    el.setAttribute(MARK, "");
  } else if (!blocks && el.hasAttribute(MARK)) {
    el.removeAttribute("inert");
    el.removeAttribute(MARK);
  }
};

function applyInert() {
  if (typeof document === "undefined") return;
  const top = open.at(-1);
  for (const child of Array.from(document.body.children)) {
    setInert(child, top !== undefined && !child.contains(top) && !staysReachable(child, top));
  }
  // a lower dialog itself too (its layer is): `[role="dialog"]:not([inert])` is the top one
  for (const dialog of open) setInert(dialog, dialog !== top);
}

/**
 * New children of <body> while a dialog is open (a toaster mounted on the first toast, a portal,
 * Next's route announcer) get the same treatment.
 */
let observer: MutationObserver | undefined;

/**
 * A toast closed from the keyboard (Alt+T, Enter on its close button) is removed with the focus
 * on it: Firefox and Safari fire no focusout then, so the toasts' layer is watched too, and the
 * focus left on <body> goes back into the top dialog (Chromium: onFocusOut).
 */
let toasts: MutationObserver | undefined;

let watchedToasts: Element | null = null;

/** Watches the toasts' layer once it is there (it may mount after the first dialog opened). */
function watchToasts() {
  if (watchedToasts?.isConnected) return;
  toasts?.disconnect();
  watchedToasts = document.querySelector("[data-toast-layer]");
  toasts = watchedToasts ? new MutationObserver(refocusTop) : undefined;
  toasts?.observe(watchedToasts!, { childList: true, subtree: true });
}

/**
 * Focus that dropped to <body> while a dialog is open goes back into the top dialog itself, so
 * the next Tab and Enter work there (the focused button was disabled while it worked, e.g.
 * Approve, or removed: the next step replaced it; a click on a backdrop that does not close).
 * Never to a field: a phone would open its keyboard again. (A toast's close button gives the
 * focus back to where it was itself.)
 */
function refocusTop() {
  const top = open.at(-1);
  const active = document.activeElement;
  if (top?.isConnected && (active === null || active === document.body)) top.focus();
}

function onFocusOut(e: FocusEvent) {
  if (e.relatedTarget) return;
  setTimeout(refocusTop, 0);
}

/**
 * The page behind an open dialog does not scroll (its scroll position stays where it was); the
 * scroll bar's width is kept as padding, so the page does not move sideways. Undone with the last
 * dialog.
 */
let unlockScroll: (() => void) | undefined;

function lockScroll() {
  const root = document.documentElement;
  const body = document.body;
  const before = { overflow: root.style.overflow, paddingRight: body.style.paddingRight };
  const bar = window.innerWidth - root.clientWidth;
  root.style.overflow = "hidden";
  if (bar > 0) body.style.paddingRight = `${bar}px`;
  unlockScroll = () => {
    root.style.overflow = before.overflow;
    body.style.paddingRight = before.paddingRight;
  };
}

/** Registers an opened dialog (its content element); returns its unregistration. */
export function registerDialog(el: HTMLElement): () => void {
  open.push(el);
  applyInert();
  if (!observer && typeof MutationObserver !== "undefined") {
    observer = new MutationObserver(() => {
      applyInert();
      watchToasts();
    });
    observer.observe(document.body, { childList: true });
    watchToasts();
    document.addEventListener("focusout", onFocusOut, true);
    lockScroll();
  }
  // Firefox and Safari fire no focusout when the focused element is removed: a change inside the
  // dialog that left the focus on <body> brings it back (Chromium: onFocusOut)
  const inside =
    typeof MutationObserver === "undefined" ? undefined : new MutationObserver(refocusTop);
  inside?.observe(el, { childList: true, subtree: true });
  return () => {
    inside?.disconnect();
    const i = open.indexOf(el);
    if (i >= 0) open.splice(i, 1);
    applyInert();
    if (open.length === 0) {
      observer?.disconnect();
      observer = undefined;
      toasts?.disconnect();
      toasts = undefined;
      watchedToasts = null;
      document.removeEventListener("focusout", onFocusOut, true);
      unlockScroll?.();
      unlockScroll = undefined;
    }
  };
}

const TABBABLE =
  "button, [href], input, select, textarea, summary, [tabindex], [contenteditable='true']";

/**
 * The elements Tab reaches inside `root`, in order (enabled, shown, not inert, tabindex ≥ 0; of a
 * group of radio buttons, the checked one, or the first when none is).
 */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const candidates = Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !(el instanceof HTMLInputElement && el.type === "hidden") &&
      el.closest("[inert]") === null &&
      // (a browser without it, or jsdom, counts every element as shown)
      (el.checkVisibility?.({ visibilityProperty: true }) ?? true),
  );
  const radio = (el: Element): el is HTMLInputElement =>
    el instanceof HTMLInputElement && el.type === "radio" && el.name !== "";
  return candidates.filter((el) => {
    if (!radio(el)) return true;
    const group = candidates.filter((o) => radio(o) && o.name === el.name && o.form === el.form);
    const checked = group.find((o) => (o as HTMLInputElement).checked);
    return checked ? el === checked : el === group[0];
  });
}

/**
 * Focus on a dialog's opening: unless an element inside already has it (`autoFocus`), its first
 * control other than a link (a text field's text selected), else the dialog itself.
 */
export function focusFirst(dialog: HTMLElement): void {
  if (dialog.contains(document.activeElement)) return;
  const first = tabbables(dialog).find((el) => el.tagName !== "A");
  if (first) {
    first.focus({ preventScroll: true });
    if (first instanceof HTMLInputElement) first.select();
  }
  if (!dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
}

/**
 * Tab on the last control goes to the first, Shift+Tab on the first to the last (a key pressed in
 * a {@link FOREIGN_LAYER} is not the dialog's: ./Modal does not pass it here).
 */
export function trapTab(dialog: HTMLElement, e: KeyboardEvent): void {
  const all = tabbables(dialog);
  const first = all[0];
  const last = all.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    e.preventDefault();
    return;
  }
  if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  }
}

/** The dialog on top, if any. */
export const topDialog = (): HTMLElement | undefined => open.at(-1);

const CONTROL = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled])";

const reachable = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el.isConnected && el.closest("[inert]") === null;

/**
 * Where focus goes when a dialog closes: `returnTo` (the element focused when it opened) if it is
 * still in the document and reachable; otherwise the dialog now on top: its `[data-autofocus]`
 * element (or that element's last enabled control: the next step's action) or the dialog itself.
 */
export function restoreFocus(returnTo: Element | null): void {
  const top = topDialog();
  // the dialog underneath itself (focus parked there while a button was busy) is no place to
  // return to: its next action is
  if (reachable(returnTo) && returnTo !== top && (!top || top.contains(returnTo))) {
    returnTo.focus();
    return;
  }
  if (!top) return;
  const marked = top.querySelector("[data-autofocus]");
  const controls = marked?.matches(CONTROL)
    ? [marked]
    : Array.from(marked?.querySelectorAll(CONTROL) ?? []);
  const preferred = controls.at(-1) ?? null;
  (reachable(preferred) ? preferred : top).focus();
}
