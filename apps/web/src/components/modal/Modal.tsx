"use client";

import { Dialog } from "radix-ui";
import { useCallback, useState, type ReactNode } from "react";
import type { ModalSize } from "./modalClasses";
import { ModalFrame, type ModalFrameDialog } from "./ModalFrame";
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
 * The shared dialog: ./ModalFrame (600px fixed width by default, a title bar and a close button;
 * the same frame is the modal's loading state, `ModalLoading`) made a Radix dialog. Focus stays in
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
  const dialog: ModalFrameDialog = {
    backdrop: (el) => (
      <Dialog.Overlay asChild data-testid="modal-backdrop">
        {el}
      </Dialog.Overlay>
    ),
    panel: (el) => (
      <Dialog.Content
        asChild
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
      >
        {el}
      </Dialog.Content>
    ),
    title: (el) => <Dialog.Title asChild>{el}</Dialog.Title>,
    close: (el) => <Dialog.Close asChild>{el}</Dialog.Close>,
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <ModalFrame
          title={title}
          onClose={onClose}
          size={size}
          blurBackdrop={blurBackdrop}
          dialog={dialog}
        >
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
        </ModalFrame>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
