"use client";

import { common } from "@lending/sdk";
import { Dialog } from "radix-ui";
import { useCallback, useState, type ReactNode } from "react";
import { SIZE_CLASS, type ModalSize } from "./modalClasses";
import { registerDialog, restoreFocus } from "./modalStack";

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

/** Toasts sit outside the dialog: interacting with them must not count as "outside". */
const inToast = (target: EventTarget | null) =>
  target instanceof Element && target.closest("[data-sonner-toaster]") !== null;

/**
 * The shared dialog: 600px fixed width by default, a title bar and a close button. Focus stays in
 * the top dialog (Radix's focus trap, and everything else `inert`: ./modalStack); on close it goes
 * back where it came from, or into the dialog underneath when that element is gone.
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
  // the content mounts a render after the dialog (Radix's portal): registered when it is there
  const content = useCallback(
    (el: HTMLDivElement | null) => (el ? registerDialog(el) : undefined),
    [],
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="modal-backdrop"
          data-blur={blurBackdrop || undefined}
          className={`fixed inset-0 z-40 ${blurBackdrop ? "bg-black/70 backdrop-blur-sm" : "bg-slate-950/50"}`}
        />
        <Dialog.Content
          ref={content}
          onCloseAutoFocus={(e) => {
            // Radix would focus a Dialog.Trigger; there is none: the stack decides
            e.preventDefault();
            restoreFocus(returnTo);
          }}
          onPointerDownOutside={(e) => {
            if (!closeOnBackdrop || inToast(e.target)) e.preventDefault();
          }}
          onInteractOutside={(e) => {
            if (!closeOnBackdrop || inToast(e.target)) e.preventDefault();
          }}
          data-size={size}
          className={`fixed z-50 flex flex-col overflow-hidden bg-white shadow-2xl focus:outline-none ${SIZE_CLASS[size]}`}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={common.close}
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="px-6 pt-4 text-sm text-slate-600">
              {description}
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {/* focusable, so a body taller than the screen scrolls from the keyboard too */}
          <div
            tabIndex={0}
            className="overflow-y-auto px-6 py-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600/40 focus-visible:ring-inset"
          >
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
