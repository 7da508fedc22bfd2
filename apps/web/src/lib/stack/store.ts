/**
 * Loads the wallet stack (wagmi, viem, TanStack Query, the connectors' glue) on demand: a visitor
 * who never connected a wallet reads the server-rendered page without it. It loads when they act
 * (Connect Wallet, a modal, the demo controls) or at once when a connection is remembered.
 * Everything waiting for it (a modal to open, the dev panel) is queued here and taken once it has
 * loaded (the page stays mounted: providers/Providers).
 */
import { LAST_ACTIVE_WALLET_KEY, browserStorage } from "@/features/wallet/lastActiveWallet";

export type LiveStack = typeof import("./live");

/** A modal asked for before the stack was loaded: `open` or `push`, its name and props. */
export interface PendingModal {
  method: "open" | "push";
  name: string;
  props?: object;
}

interface State {
  live: LiveStack | null;
  loading: Promise<LiveStack> | null;
  modals: PendingModal[];
  devPanel: boolean;
  /** the data-testid of the element that had the focus when the stack was asked for */
  focusTestId: string | null;
}

const state: State = { live: null, loading: null, modals: [], devPanel: false, focusTestId: null };
const listeners = new Set<() => void>();
/** The ModalProvider, for a modal asked for through the queue after it mounted. */
const modalListeners = new Set<() => void>();

export function subscribePendingModals(listener: () => void): () => void {
  modalListeners.add(listener);
  return () => modalListeners.delete(listener);
}

export function subscribeStack(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function liveStack(): LiveStack | null {
  return state.live;
}

/** Starts loading the wallet stack (once); resolves when its code is in. */
export function loadStack(): Promise<LiveStack> {
  if (state.live) return Promise.resolve(state.live);
  state.loading ??= import("./live").then(
    (live) => {
      state.live = live;
      for (const l of listeners) l();
      return live;
    },
    (error: unknown) => {
      state.loading = null;
      throw error;
    },
  );
  return state.loading;
}

/** Loads the stack because the user acted: keeps what they asked for until the live tree mounts. */
export function requestStack(wanted: { modal?: PendingModal; devPanel?: boolean } = {}): void {
  if (wanted.modal) {
    state.modals.push(wanted.modal);
    for (const l of modalListeners) l();
  }
  if (wanted.devPanel) state.devPanel = true;
  if (typeof document !== "undefined" && !state.focusTestId) {
    state.focusTestId = document.activeElement?.getAttribute("data-testid") ?? null;
  }
  void loadStack().catch(() => {
    // a failed chunk load (offline): the next click tries again
  });
}

/**
 * A modal a visitor's page shows without the stack (VisitorModalProvider): queued without
 * loading the stack, so that when it loads (Connect Wallet, a remembered connection) the modal
 * is open there too. {@link unqueueModal} when the visitor closes it.
 */
export function queueModal(modal: PendingModal): void {
  if (modal.method === "open") state.modals = [];
  state.modals.push(modal);
}

export function unqueueModal(name: string): void {
  state.modals = state.modals.filter((m) => m.name !== name);
}

/** The modals asked for before the stack loaded (read by the live ModalProvider's first render). */
export function pendingModals(): readonly PendingModal[] {
  return state.modals;
}

export function clearPendingModals(): void {
  state.modals = [];
}

export function takePendingDevPanel(): boolean {
  const wanted = state.devPanel;
  state.devPanel = false;
  return wanted;
}

export function takeFocusTestId(): string | null {
  const id = state.focusTestId;
  state.focusTestId = null;
  return id;
}

/** wagmi's persisted state (`createStorage` key in wagmiConfig) or the app's last active wallet. */
export const WAGMI_STORAGE_KEY = "lending.wagmi";

/** A connection this browser remembers: the stack loads at once to restore it. */
export function connectionRemembered(storage: Storage | undefined = browserStorage()): boolean {
  try {
    if (!storage) return false;
    if (storage.getItem(LAST_ACTIVE_WALLET_KEY)) return true;
    if (storage.getItem(`${WAGMI_STORAGE_KEY}.injected.connected`)) return true;
    const raw = storage.getItem(`${WAGMI_STORAGE_KEY}.store`);
    if (!raw) return false;
    const parsed = JSON.parse(raw) as { state?: { current?: unknown; connections?: unknown } };
    const connections = parsed.state?.connections as { value?: unknown[] } | undefined;
    return Boolean(parsed.state?.current) || (connections?.value?.length ?? 0) > 0;
  } catch {
    return false;
  }
}

/** Test hook: forget the loaded stack and everything queued. */
export function resetStackForTests(live: LiveStack | null = null): void {
  state.live = live;
  state.loading = live ? Promise.resolve(live) : null;
  state.modals = [];
  state.devPanel = false;
  state.focusTestId = null;
  for (const l of listeners) l();
}
