/** What runs when the KYC modal completes (e.g. reopening the lend modal). */
let callback: (() => void) | null = null;

export function setKycCallback(fn: (() => void) | null): void {
  callback = fn;
}

export function takeKycCallback(): (() => void) | null {
  const fn = callback;
  callback = null;
  return fn;
}
