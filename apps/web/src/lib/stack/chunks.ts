import { loadStack, type LiveStack } from "./store";

/**
 * The chunks a connected page loads after the wallet stack (the SDK's chain reads, the lend
 * form's read, what a transaction or a signature needs), imported by the stack's module so that
 * they share its modules instead of carrying copies (see `chunks` in ./live). Their callers run
 * once the stack is loaded (a query, a transaction), so this waits for nothing more.
 */
export async function loadChainReads() {
  return (await loadStack()).chunks.chainReads();
}

/** Balances and allowances only (./queries/tokenReads). */
export async function loadTokenReads() {
  return (await loadStack()).chunks.tokenReads();
}

/** The locking contract's reads only (./queries/lockingReads). */
export async function loadLockingReads() {
  return (await loadStack()).chunks.lockingReads();
}

/** The fill previews' reads only (./queries/fillPreviewReads). */
export async function loadFillPreviewReads() {
  return (await loadStack()).chunks.fillPreviewReads();
}

export async function loadLendFormRead() {
  return (await loadStack()).chunks.lendFormRead();
}

export async function loadTx() {
  return (await loadStack()).chunks.tx();
}

type Views = LiveStack["views"];

/**
 * A connected page's own view (`views` in ./live), for `React.lazy`: it renders only for a
 * connected wallet, so the stack is in already and this adds no wait.
 */
export function lazyView<N extends keyof Views, C>(
  name: N,
  pick: (m: Awaited<ReturnType<Views[N]>>) => C,
) {
  return async () => ({
    default: pick((await (await loadStack()).views[name]()) as Awaited<ReturnType<Views[N]>>),
  });
}
