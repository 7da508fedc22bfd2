"use client";

import { useMemo, type ReactNode } from "react";
import { requestStack } from "@/lib/stack/store";
import { ModalContext, type ModalApi } from "./modalContext";

/**
 * The modals of a visitor's page, before the wallet stack is loaded: opening one loads the stack
 * (every modal needs it); the modal opens once the page has mounted again under ModalProvider.
 */
export function VisitorModalProvider({ children }: { children: ReactNode }) {
  const api = useMemo(
    () =>
      ({
        open: (name: string, props?: object) =>
          requestStack({ modal: { method: "open", name, props } }),
        push: (name: string, props?: object) =>
          requestStack({ modal: { method: "push", name, props } }),
        close: () => {},
        dismiss: () => {},
        closeAll: () => {},
        current: null,
      }) as ModalApi,
    [],
  );
  return <ModalContext.Provider value={api}>{children}</ModalContext.Provider>;
}
