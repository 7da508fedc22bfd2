/** Debian's Chromium (apt-get install chromium); never a downloaded browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Launch flags for headless Chromium on these machines: no sandbox (root), and no background
 * networking, which the closed network would refuse at every start (TOOLCHAIN.md).
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
