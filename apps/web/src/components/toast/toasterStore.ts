/**
 * Whether a toast was asked for yet, for <LazyToaster> (in every page's layout): apart from
 * ./toast, whose code and copy load with the first toast's caller.
 */
type Listener = () => void;
let requested = false;
const listeners = new Set<Listener>();
let resolveReady: (() => void) | undefined;
export const toasterReady = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** For <LazyToaster>: whether any toast was asked for yet. */
export const toasterStore = {
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => requested,
  markReady: () => resolveReady?.(),
};

export function requestToaster() {
  if (requested) return;
  requested = true;
  for (const l of listeners) l();
}
