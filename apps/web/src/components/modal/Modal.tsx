"use client";

import {
  cloneElement,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import type { ModalSize } from "./modalClasses";
import { ModalFrame, useInBrowser, type ModalFrameDialog } from "./ModalFrame";
import {
  FOREIGN_LAYER,
  focusFirst,
  loadingOver,
  registerDialog,
  restoreFocus,
  tabbables,
  topDialog,
  trapTab,
} from "./modalStack";

export { SIZE_CLASS, type ModalSize } from "./modalClasses";

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: ModalSize;
  /** backdrop click closes unless false; defaults to false with a blurred backdrop */
  closeOnBackdrop?: boolean;
  /**
   * Blurred dark backdrop that a click does not close (work-in-progress redirect, NFT
   * detected); the close button and Escape still close.
   */
  blurBackdrop?: boolean;
  description?: ReactNode;
}

/**
 * The shared dialog: ./ModalFrame (600px fixed width by default, a title bar and a close button;
 * the same frame is the modal's loading state, `ModalLoading`) made a modal dialog, in a layer of
 * its own at the end of <body>. Only the top dialog can be reached (./modalStack: everything else
 * `inert`, the page behind does not scroll); it takes the focus when it opens, Tab and Shift+Tab
 * cycle inside it, Escape closes it (only the top one), and on close the focus goes back where it
 * came from, or into the dialog underneath when that element is gone. No dialog library: these
 * are the few behaviours of one (Radix's was 13 KB gzip of every modal's first opening, issue 26).
 */
export function Modal({
  title,
  onClose,
  children,
  size = "default",
  blurBackdrop = false,
  closeOnBackdrop = !blurBackdrop,
  description,
}: ModalProps) {
  // read while rendering, before the dialog takes focus: the element it was opened from
  const [returnTo] = useState(() =>
    typeof document === "undefined" ? null : document.activeElement,
  );
  // the layer is made in the browser only (a hydrating render shows nothing, as the server did)
  const inBrowser = useInBrowser();
  const titleId = useId();
  const descriptionId = useId();
  // the latest onClose, for the listeners made once when the dialog opens
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });
  const panelRef = useCallback(
    (panel: HTMLDivElement | null) => {
      if (!panel) return;
      const unregister = registerDialog(panel);
      focusFirst(panel);
      const onKeyDown = (e: KeyboardEvent) => {
        if (topDialog() !== panel) return;
        // a key in a toast or a wallet's QR modal is theirs
        if ((e.target as Element | null)?.closest?.(FOREIGN_LAYER)) return;
        if (e.key === "Tab") {
          if (!e.altKey && !e.ctrlKey && !e.metaKey) trapTab(panel, e);
        }
        // a modal still loading over this one (its frame) takes the Escape itself
        else if (e.key === "Escape" && !e.defaultPrevented && !loadingOver(panel)) {
          e.preventDefault();
          close.current();
        }
      };
      document.addEventListener("keydown", onKeyDown, true);
      return () => {
        document.removeEventListener("keydown", onKeyDown, true);
        unregister();
        // once the dialog is gone from the page (a lower dialog is then the top one)
        setTimeout(() => {
          // still there: the same dialog set up again (React's StrictMode in development)
          if (panel.isConnected) return;
          // a dialog opened since (this one was replaced) has the focus: it keeps it
          const top = topDialog();
          if (top?.contains(document.activeElement) && !top.contains(returnTo)) return;
          restoreFocus(returnTo);
        }, 0);
      };
    },
    [returnTo],
  );
  const onBackdrop = (e: MouseEvent) => {
    if (closeOnBackdrop && e.target === e.currentTarget) onClose();
  };
  const dialog: ModalFrameDialog = {
    backdrop: (el) =>
      cloneElement(el as ReactElement<Record<string, unknown>>, {
        "data-testid": "modal-backdrop",
        onClick: onBackdrop,
      }),
    panel: (el) =>
      cloneElement(el as ReactElement<Record<string, unknown>>, {
        ref: panelRef,
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": titleId,
        "aria-describedby": description ? descriptionId : undefined,
        tabIndex: -1,
      }),
    title: (el) => cloneElement(el as ReactElement<Record<string, unknown>>, { id: titleId }),
    close: (el) => cloneElement(el as ReactElement<Record<string, unknown>>, { onClick: onClose }),
  };
  if (!inBrowser) return null;
  return createPortal(
    // one element in <body> for the backdrop and the panel: ./modalStack leaves it reachable
    <div data-modal-layer="">
      <FocusGuard at="start" />
      <ModalFrame
        title={title}
        onClose={onClose}
        size={size}
        blurBackdrop={blurBackdrop}
        dialog={dialog}
      >
        {description ? (
          <p id={descriptionId} className="px-6 pt-4 text-sm text-slate-600">
            {description}
          </p>
        ) : null}
        {/* focusable, so a body taller than the screen scrolls from the keyboard too */}
        <div
          tabIndex={0}
          className="overflow-y-auto overscroll-contain px-6 py-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600/40 focus-visible:ring-inset"
        >
          {children}
        </div>
      </ModalFrame>
      <FocusGuard at="end" />
    </div>,
    document.body,
  );
}

/**
 * An invisible stop for Tab at an edge of the dialog's layer (what Radix called a focus guard):
 * reached from inside the dialog (a Tab past a control `trapTab` did not count), it sends the
 * focus to the dialog's other end; reached from outside (the browser's own toolbar, a toast), to
 * its own end, the first control at the start and the last at the end.
 */
function FocusGuard({ at }: { at: "start" | "end" }) {
  return (
    <span
      tabIndex={0}
      data-focus-guard={at}
      onFocus={(e) => {
        const top = topDialog();
        if (!top) return;
        const fromInside = e.relatedTarget instanceof Node && top.contains(e.relatedTarget);
        const all = tabbables(top);
        const first = (at === "start") !== fromInside;
        (first ? all[0] : all.at(-1))?.focus();
        if (!top.contains(document.activeElement)) top.focus();
      }}
      className="pointer-events-none fixed top-0 left-0 opacity-0 outline-none"
    />
  );
}
