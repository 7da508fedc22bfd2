/**
 * Small byte helpers shared by the embedded-wallet modules. The buffers they return are always
 * backed by a plain `ArrayBuffer`, which is what WebCrypto's `BufferSource` wants.
 */

/** Standard base64 (with padding) of `bytes`. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** Decodes standard base64; throws on malformed input. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return copyBytes(new TextEncoder().encode(text));
}

/** `n` bytes from the platform CSPRNG. */
export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(new ArrayBuffer(n)));
}

/** A copy of `bytes` in a fresh `ArrayBuffer` (also normalises typed arrays from other realms). */
export function copyBytes(bytes: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}

/** Best-effort wipe of secret bytes we own (JS gives no guarantee copies do not linger). */
export function wipe(bytes: Uint8Array | undefined): void {
  bytes?.fill(0);
}
