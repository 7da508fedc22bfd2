/**
 * Runs once when the server starts: validates the configuration (a bad variable stops the server
 * with a message that names it, instead of failing on the first request), and stamps each
 * request with its socket address for the rate limits (src/server/http/peer.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateConfigOrExit } = await import("./src/config/startup");
    validateConfigOrExit();
    const { stampPeerAddress } = await import("./src/server/http/peer");
    stampPeerAddress();
  }
}
