"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { SIZE_CLASS } from "./modalClasses";
import { ModalCloseButton } from "./ModalFrame";

/**
 * A dialog for a visitor's page before the wallet stack (with the modals) has loaded:
 * the browser's own modal `<dialog>` (the page behind is inert, Escape closes, the focus returns
 * to where it was), looking as ./Modal does.
 */
export function VisitorDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      // the role ./Modal's dialog has: the page's checks (axe, tests) find every dialog by it
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // a click on the backdrop (the dialog element itself, outside its content) closes
        if (e.target === e.currentTarget) onClose();
      }}
      data-size="default"
      className={`fixed right-auto bottom-auto m-0 open:flex open:flex-col overflow-hidden bg-white p-0 shadow-2xl backdrop:bg-slate-950/50 focus:outline-none ${SIZE_CLASS.default}`}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <ModalCloseButton onClick={onClose} />
      </div>
      <div className="overflow-y-auto px-6 py-5">{children}</div>
    </dialog>
  );
}
