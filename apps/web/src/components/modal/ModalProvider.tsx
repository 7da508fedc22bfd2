"use client";

import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { useLiveStack } from "@/lib/stack";
import { requestStack, takeFocusTestId, takePendingModals } from "@/lib/stack/store";
import { MODALS, type ModalName, type ModalPropsByName, type RegistryModalProps } from "./registry";

/** The props argument: optional for modals opened without props. */
type PropsArg<N extends ModalName> = object extends ModalPropsByName[N]
  ? [props?: ModalPropsByName[N]]
  : [props: ModalPropsByName[N]];

export interface ModalApi {
  /** Opens a modal by name in place of any open one (its code loads on first open). */
  open: <N extends ModalName>(name: N, ...props: PropsArg<N>) => void;
  /**
   * Opens a modal over the current one, which stays mounted with its state (e.g. lend); a modal
   * without props that is already on top is not opened twice.
   */
  push: <N extends ModalName>(name: N, ...props: PropsArg<N>) => void;
  /** Closes the top modal. */
  close: () => void;
  /** Closes every open modal with this name (e.g. an expired loan contract). */
  dismiss: (name: ModalName) => void;
  /** Closes every open modal (a link that leaves the page's modals behind). */
  closeAll: () => void;
  /** The top modal's name. */
  current: ModalName | null;
}

interface Entry {
  key: number;
  name: ModalName;
  props: object;
}

const ModalContext = createContext<ModalApi | null>(null);

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModal must be used inside <ModalProvider>");
  return api;
}

/**
 * Holds the stack of open modals; each modal's code is loaded once, on first open. Modals need
 * the wallet stack: on a visitor's page a modal asked for loads it first and opens once the page
 * has mounted again under the wallet providers (lib/stack).
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const live = useLiveStack();
  const [stack, setStack] = useState<Entry[]>([]);
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
  const open = useCallback(
    (name: ModalName, props?: object) => {
      if (live) setStack([entry(name, props)]);
      else requestStack({ modal: { method: "open", name, props } });
    },
    [live],
  );
  const push = useCallback(
    (name: ModalName, props?: object) => {
      if (live) pushEntry(name, props);
      else requestStack({ modal: { method: "push", name, props } });
    },
    [live, pushEntry],
  );
  // The wallet stack has just loaded: give the focus back to the control that asked for it (the
  // page mounted again), then open what was asked for, so a closed modal returns the focus there.
  useLayoutEffect(() => {
    if (!live) return;
    const testId = takeFocusTestId();
    if (testId) document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.focus();
    for (const m of takePendingModals()) {
      if (m.method === "open") setStack([entry(m.name as ModalName, m.props)]);
      else pushEntry(m.name as ModalName, m.props);
    }
  }, [live, pushEntry]);
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
