/** The Base chains' public RPCs (features/wallet/chains.ts): a wallet may switch to either. */
export const CHAIN_RPC_ORIGINS = ["https://mainnet.base.org", "https://sepolia.base.org"];

/** What the Base Account (Coinbase) connector's SDK calls. */
export const BASE_ACCOUNT_ORIGINS = [
  "https://keys.coinbase.com",
  "https://chain-proxy.wallet.coinbase.com",
  "https://rpc.wallet.coinbase.com",
  "https://as.coinbase.com",
  "https://cca-lite.coinbase.com",
];

/** What the WalletConnect connector calls (relay, RPC, verify, telemetry), when it is configured. */
export const WALLETCONNECT_ORIGINS = [
  "wss://relay.walletconnect.org",
  "wss://relay.walletconnect.com",
  "https://rpc.walletconnect.org",
  "https://rpc.walletconnect.com",
  "https://pulse.walletconnect.org",
  "https://verify.walletconnect.org",
  "https://verify.walletconnect.com",
  "https://echo.walletconnect.com",
  "https://api.web3modal.org",
];

export type ConnectSources = {
  /** the RPC the browser uses (PUBLIC_RPC_URL, else RPC_URL) */
  publicRpcUrl: string;
  /** WALLETCONNECT_PROJECT_ID is set */
  walletConnect: boolean;
  /** CONNECT_ORIGINS */
  connectOrigins: string[];
};

/**
 * The origins a page may connect to: the site, the public RPC, the Base chains' RPCs, the wallet
 * connectors' services and CONNECT_ORIGINS, nothing else (an injected script cannot send what it
 * reads to any https host). The dev server adds its hot-reload WebSocket.
 */
export function connectSrc(sources: ConnectSources, dev: boolean): string {
  const origins = new Set<string>(["'self'"]);
  const rpc = new URL(sources.publicRpcUrl);
  origins.add(rpc.origin);
  // a WebSocket to the same RPC host (viem's webSocket transport)
  origins.add(`${rpc.protocol === "https:" ? "wss" : "ws"}://${rpc.host}`);
  for (const o of CHAIN_RPC_ORIGINS) origins.add(o);
  for (const o of BASE_ACCOUNT_ORIGINS) origins.add(o);
  if (sources.walletConnect) for (const o of WALLETCONNECT_ORIGINS) origins.add(o);
  for (const o of sources.connectOrigins) origins.add(o);
  if (dev) for (const o of ["ws://localhost:*", "ws://127.0.0.1:*"]) origins.add(o);
  return `connect-src ${[...origins].join(" ")}`;
}

/**
 * Content Security Policy of a page, with the request's nonce. Scripts run only when they carry
 * the nonce (Next adds it to its own bootstrap and chunk tags, read from this header on the
 * request) or are loaded by one that does ('strict-dynamic'); no 'unsafe-inline' for scripts.
 * Styles keep 'unsafe-inline': React's `style` attributes and the <style> tags that the toaster
 * and the dialogs insert at run time carry no nonce (the inlined stylesheet does). connect-src
 * lists the configured origins ({@link connectSrc}); the dev server also needs 'unsafe-eval'.
 * 'wasm-unsafe-eval' lets the embedded wallet compile its Argon2id WebAssembly (it allows no
 * JavaScript eval).
 */
export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  sources: ConnectSources,
): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' compiles WebAssembly only (the embedded wallet's Argon2id), not JS eval
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    connectSrc(sources, dev),
    "frame-src 'self' https://verify.walletconnect.com https://verify.walletconnect.org https://keys.coinbase.com",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Strict-Transport-Security, sent only on responses to https requests (never on plain http). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** A fresh nonce per request: 16 random bytes, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
