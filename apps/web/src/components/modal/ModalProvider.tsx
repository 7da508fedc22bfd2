"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { MODALS, type ModalName } from "./registry";

interface ModalApi {
  /** open a modal by name (its code loads on first open) */
  open: (name: ModalName) => void;
  close: () => void;
  current: ModalName | null;
}

const ModalContext = createContext<ModalApi | null>(null);

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModal must be used inside <ModalProvider>");
  return api;
}

/** Holds the one open modal and mounts it once, lazily. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalName | null>(null);
  const close = useCallback(() => setCurrent(null), []);
  const api = useMemo<ModalApi>(() => ({ open: setCurrent, close, current }), [close, current]);
  const Active = current ? MODALS[current] : null;
  return (
    <ModalContext.Provider value={api}>
      {children}
      {Active ? <Active onClose={close} /> : null}
    </ModalContext.Provider>
  );
}
