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
import {
  clearPendingModals,
  pendingModals,
  subscribePendingModals,
  takeFocusTestId,
} from "@/lib/stack/store";
import { ModalContext, type ModalApi } from "./modalContext";
import type { ModalName, RegistryModalProps } from "./registry";
import { MODALS } from "./registryModals";

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
 * the wallet stack, which loads with this provider: on a visitor's page the modals asked for
 * before it loaded (VisitorModalProvider) open once the page has mounted again under it.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
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
  // The wallet stack has just loaded: give the focus back to the control that asked for it (the
  // page mounted again) before the modals asked for (the initial stack) take it, so a closed
  // modal returns the focus there.
  useLayoutEffect(() => {
    const testId = takeFocusTestId();
    if (testId) document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.focus();
    clearPendingModals();
  }, []);
  // A modal asked for once this provider had mounted (a click on the visitor's page while it
  // was mounting again under the wallet stack): opened here, not left in the queue.
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
  const api = useMemo(
    () => ({ open, push, close, dismiss, closeAll, current }) as ModalApi,
    [open, push, close, dismiss, closeAll, current],
  );
  return (
    <ModalContext.Provider value={api}>
      {children}
      {stack.map((e) => {
        const Active = MODALS[e.name] as ComponentType<RegistryModalProps>;
        const onClose = () => setStack((s) => s.filter((x) => x.key !== e.key));
        return <Active key={e.key} {...e.props} onClose={onClose} />;
      })}
    </ModalContext.Provider>
  );
}
