/**
 * The open dialogs, oldest first, and what that means for the rest of the page: only the top
 * dialog can be reached. Everything else in <body> (the page, lower dialogs of a stack) is made
 * `inert` (no focus, no click, hidden from assistive tech), except the toasts, which stay
 * closable. When a dialog closes, focus goes back to the element it was opened from if that is
 * still there and reachable, otherwise into the dialog now on top (never to the page behind).
 */
const open: HTMLElement[] = [];
const MARK = "data-modal-inert";

/** Toasts live outside every dialog and stay reachable (a toast is closable, spec section 2). */
const isToaster = (el: Element) =>
  el.matches("[data-sonner-toaster]") || el.querySelector("[data-sonner-toaster]") !== null;

function applyInert() {
  if (typeof document === "undefined") return;
  const top = open.at(-1);
  for (const child of Array.from(document.body.children)) {
    const blocks = top !== undefined && !child.contains(top) && !isToaster(child);
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

/** Registers an opened dialog (its content element); returns its unregistration. */
export function registerDialog(el: HTMLElement): () => void {
  open.push(el);
  applyInert();
  if (!observer && typeof MutationObserver !== "undefined") {
    observer = new MutationObserver(applyInert);
    observer.observe(document.body, { childList: true });
  }
  return () => {
    const i = open.indexOf(el);
    if (i >= 0) open.splice(i, 1);
    applyInert();
    if (open.length === 0) {
      observer?.disconnect();
      observer = undefined;
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
  if (reachable(returnTo) && (!top || top.contains(returnTo))) {
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
