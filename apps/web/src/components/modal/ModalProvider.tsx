"use client";

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { common } from "@lending/sdk";
import { useLiveStack } from "@/lib/stack";
import {
  clearPendingModals,
  pendingModals,
  requestStack,
  subscribePendingModals,
  takeFocusTestId,
} from "@/lib/stack/store";
import { ModalContext, type ModalApi } from "./modalContext";
import { ModalLoading, ModalLoadingContext } from "./ModalFrame";
import type { ModalName, RegistryModalProps } from "./registry";
import { visitorModal } from "./visitorModals";

/**
 * Modals that answer the click at once with their loading state (./ModalFrame's ModalLoading: the
 * modal's frame, its title and "Loading…") while their code loads: the wallet stack on a visitor's
 * page, the modal's chunk on its first open (issue 26 goal 3). The registry gives these three the
 * same loading state (registryModals).
 */
const LOADING_TITLES: Partial<Record<ModalName, string>> = common.modalTitles;

export { useModal, type ModalApi } from "./modalContext";

interface Entry {
  key: number;
  name: ModalName;
  props: object;
}

/** The modals asked for on a visitor's page before the wallet stack loaded (negative keys). */
function pendingEntries(): Entry[] {
  let stack: Entry[] = [];
  for (const [i, m] of pendingModals().entries()) {
    const e = { key: -1 - i, name: m.name as ModalName, props: m.props ?? {} };
    stack = m.method === "open" ? [e] : [...stack, e];
  }
  return stack;
}

/**
 * Holds the stack of open modals; each modal's code is loaded once, on first open. Modals need
 * the wallet stack (the registry loads with it): on a visitor's page, asking for one loads the
 * stack and it shows once loaded, except the modals a page registered for visitors
 * (./visitorModals: the referral-detected modal of /referrals/{address}), shown at once. The page stays
 * mounted meanwhile (providers/Providers), and so does this provider with its stack of modals.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const live = useLiveStack();
  const [stack, setStack] = useState<Entry[]>(pendingEntries);
  const nextKey = useRef(0);
  const entry = (name: ModalName, props: object | undefined): Entry => ({
    key: ++nextKey.current,
    name,
    props: props ?? {},
  });
  const pushEntry = useCallback((name: ModalName, props?: object) => {
    // the same modal, with no props, already on top (a watcher and a click at once): once is enough
    setStack((s) => {
      const top = s.at(-1);
      const same = top?.name === name && !props && Object.keys(top.props).length === 0;
      return same ? s : [...s, entry(name, props)];
    });
  }, []);
  const open = useCallback((name: ModalName, props?: object) => {
    setStack([entry(name, props)]);
  }, []);
  const push = pushEntry;
  // The modals asked for before this provider mounted are in the initial stack: out of the queue.
  // (The focus of the control that asked for the stack, kept for a page that mounted again.)
  useLayoutEffect(() => {
    const testId = takeFocusTestId();
    if (testId) document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.focus();
    clearPendingModals();
  }, []);
  // A modal asked for through the queue once this provider had mounted (the visitor's referral
  // modal's Connect Wallet): opened here, not left in the queue.
  useEffect(() => {
    const apply = () => {
      const asked = [...pendingModals()];
      if (asked.length === 0) return;
      clearPendingModals();
      for (const m of asked) {
        if (m.method === "open") open(m.name as ModalName, m.props);
        else push(m.name as ModalName, m.props);
      }
    };
    apply();
    return subscribePendingModals(apply);
  }, [open, push]);
  const close = useCallback(() => setStack((s) => s.slice(0, -1)), []);
  const dismiss = useCallback(
    (name: ModalName) => setStack((s) => s.filter((e) => e.name !== name)),
    [],
  );
  const closeAll = useCallback(() => setStack([]), []);
  const current = stack.at(-1)?.name ?? null;
  // a modal that needs the wallet stack loads it (it shows once loaded)
  const waiting = !live && stack.some((e) => !visitorModal(e.name));
  useEffect(() => {
    if (waiting) requestStack();
  }, [waiting]);
  const api = useMemo(
    () => ({ open, push, close, dismiss, closeAll, current }) as ModalApi,
    [open, push, close, dismiss, closeAll, current],
  );
  return (
    <ModalContext.Provider value={api}>
      {children}
      {stack.map((e) => {
        const title = LOADING_TITLES[e.name];
        // on a visitor's page, a modal with a loading state shows it until the stack has loaded
        const Active = ((live ? live.MODALS[e.name] : visitorModal(e.name)) ??
          (title ? ModalLoading : undefined)) as ComponentType<RegistryModalProps> | undefined;
        if (!Active) return null;
        const onClose = () => setStack((s) => s.filter((x) => x.key !== e.key));
        if (!title) return <Active key={e.key} {...e.props} onClose={onClose} />;
        return (
          <ModalLoadingContext.Provider key={e.key} value={{ title, onClose }}>
            <Active {...e.props} onClose={onClose} />
          </ModalLoadingContext.Provider>
        );
      })}
    </ModalContext.Provider>
  );
}
