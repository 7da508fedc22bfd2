"use client";

import dynamic from "next/dynamic";
import { useMemo, useState, type ComponentType, type ReactNode } from "react";
import { queueModal, requestStack, unqueueModal } from "@/lib/stack/store";
import { ModalContext, type ModalApi } from "./modalContext";

/**
 * Modals a visitor's page shows without the wallet stack: the referral-detected modal, which
 * /referrals/{address} opens on load (it needs a wallet only to apply the code).
 */
const VISITOR_MODALS: Record<string, ComponentType<{ onClose: () => void }>> = {
  referralDetected: dynamic(() => import("@/features/referrals/ReferralDetectedVisitor"), {
    ssr: false,
  }) as ComponentType<{ onClose: () => void }>,
};

interface Shown {
  name: string;
  props?: object;
}

/**
 * The modals of a visitor's page, before the wallet stack is loaded: opening one loads the stack
 * (most modals need it); the modal opens once the page has mounted again under ModalProvider.
 * A modal of VISITOR_MODALS opens here without the stack, and is queued so that it is open there
 * too once the stack loads.
 */
export function VisitorModalProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const api = useMemo(() => {
    const show = (method: "open" | "push", name: string, props?: object) => {
      if (VISITOR_MODALS[name] && (method === "open" || !shown)) {
        queueModal({ method: "open", name, props });
        setShown({ name, props });
      } else requestStack({ modal: { method, name, props } });
    };
    const hide = () => {
      if (shown) unqueueModal(shown.name);
      setShown(null);
    };
    return {
      open: (name: string, props?: object) => show("open", name, props),
      push: (name: string, props?: object) => show("push", name, props),
      close: hide,
      dismiss: (name: string) => (shown?.name === name ? hide() : undefined),
      closeAll: hide,
      current: shown?.name ?? null,
    } as ModalApi;
  }, [shown]);
  const Visible = shown ? VISITOR_MODALS[shown.name] : undefined;
  return (
    <ModalContext.Provider value={api}>
      {children}
      {Visible ? <Visible {...shown!.props} onClose={api.close} /> : null}
    </ModalContext.Provider>
  );
}
