/**
 * The open dialogs, oldest first, and what that means for the rest of the page: only the top
 * dialog can be reached. Everything else in <body> (the page, lower dialogs of a stack) is made
 * `inert` (no focus, no click, hidden from assistive tech), except the toasts, which stay
 * closable. When a dialog closes, focus goes back to the element it was opened from if that is
 * still there and reachable, otherwise into the dialog now on top (never to the page behind).
 */
const open: HTMLElement[] = [];
const MARK = "data-modal-inert";

/**
 * Left reachable: the toasts (outside every dialog, closable: spec section 2) and Radix's focus
 * guards, which catch a Tab that left the dialog (from a control disabled while focused) and hand
 * focus back to it.
 */
const staysReachable = (el: Element) =>
  el.matches("[data-sonner-toaster], [data-radix-focus-guard]") ||
  el.querySelector("[data-sonner-toaster]") !== null;

function applyInert() {
  if (typeof document === "undefined") return;
  const top = open.at(-1);
  for (const child of Array.from(document.body.children)) {
    const blocks = top !== undefined && !child.contains(top) && !staysReachable(child);
    if (blocks && !child.hasAttribute("inert")) {
      child.setAttribute("inert", "");
      child.setAttribute(MARK, "");
    } else if (!blocks && child.hasAttribute(MARK)) {
      child.removeAttribute("inert");
      child.removeAttribute(MARK);
    }
  }
}

/**
 * New children of <body> while a dialog is open (a toaster mounted on the first toast, a portal,
 * Next's route announcer) get the same treatment.
 */
let observer: MutationObserver | undefined;

/**
 * Focus that drops to <body> while a dialog is open (the focused button was disabled while it
 * worked, e.g. Approve) goes back into the top dialog, so the next Tab starts there.
 */
function onFocusOut(e: FocusEvent) {
  if (e.relatedTarget) return;
  setTimeout(() => {
    const top = open.at(-1);
    const active = document.activeElement;
    if (top?.isConnected && (active === null || active === document.body)) top.focus();
  }, 0);
}

/** Registers an opened dialog (its content element); returns its unregistration. */
export function registerDialog(el: HTMLElement): () => void {
  open.push(el);
  applyInert();
  if (!observer && typeof MutationObserver !== "undefined") {
    observer = new MutationObserver(applyInert);
    observer.observe(document.body, { childList: true });
    document.addEventListener("focusout", onFocusOut, true);
  }
  return () => {
    const i = open.indexOf(el);
    if (i >= 0) open.splice(i, 1);
    applyInert();
    if (open.length === 0) {
      observer?.disconnect();
      observer = undefined;
      document.removeEventListener("focusout", onFocusOut, true);
    }
  };
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
