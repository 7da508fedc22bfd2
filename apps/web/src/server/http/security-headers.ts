/**
 * Content Security Policy of a page, with the request's nonce. Scripts run only when they carry
 * the nonce (Next adds it to its own bootstrap and chunk tags, read from this header on the
 * request) or are loaded by one that does ('strict-dynamic'); no 'unsafe-inline' for scripts.
 * Styles keep 'unsafe-inline': React's `style` attributes and the <style> tags that the toaster
 * and the dialogs insert at run time carry no nonce (the inlined stylesheet does). The RPC URL is
 * chosen at run time (one build serves any chain), so connect-src allows https/wss and the
 * loopback; the dev server also needs 'unsafe-eval'. 'wasm-unsafe-eval' lets the embedded wallet
 * compile its Argon2id WebAssembly (it allows no JavaScript eval).
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' compiles WebAssembly only (the embedded wallet's Argon2id), not JS eval
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https: wss: http://127.0.0.1:* http://localhost:* ws://127.0.0.1:* ws://localhost:*",
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
