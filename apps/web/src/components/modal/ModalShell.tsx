"use client";

import { common } from "@lending/sdk";
import { createContext, useContext, useEffect } from "react";
import { SIZE_CLASS } from "./modalClasses";

/** The modal a shell stands in for: its title and how to close it. */
export interface ModalShellValue {
  title: string;
  onClose: () => void;
}

/** Set by the ModalProvider around each modal that has a shell (ModalProvider's SHELL_TITLES). */
export const ModalShellContext = createContext<ModalShellValue | null>(null);

/**
 * What a modal shows in the frame of the click while its code loads (the wallet stack on a
 * visitor's page, the modal's own chunk on first open): the frame of ./Modal with its title and
 * "Loading…", so the tap is answered in the next frame (issue 26 goal 3: at most 300 ms to first
 * paint on a throttled phone). It is not a dialog yet: the focus stays where it was (the real
 * dialog, which replaces it, takes it and gives it back on close); Escape or the backdrop closes.
 */
export function ModalShell() {
  const shell = useContext(ModalShellContext);
  const onClose = shell?.onClose;
  useEffect(() => {
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  if (!shell) return null;
  return (
    <div data-modal-shell="" aria-busy="true">
      <div className="fixed inset-0 z-40 bg-slate-950/50" onClick={shell.onClose} />
      <div
        className={`fixed z-50 flex flex-col overflow-hidden bg-white shadow-2xl ${SIZE_CLASS.default}`}
      >
        <div className="border-b border-slate-200 px-6 py-4">
          <p className="text-lg font-semibold text-slate-900">{shell.title}</p>
        </div>
        <p role="status" className="px-6 py-5 text-sm text-slate-600">
          {common.modalLoading}
        </p>
      </div>
    </div>
  );
}
