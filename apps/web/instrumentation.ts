/**
 * Runs once when the server starts: validates the configuration (a bad variable stops the server
 * with a message that names it, instead of failing on the first request), stamps each
 * request with its socket address for the rate limits (src/server/http/peer.ts), and answers
 * the methods Next cannot handle (TRACE) with a 405 before Next sees them
 * (src/server/http/front-door.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateConfigOrExit } = await import("./src/config/startup");
    validateConfigOrExit();
    const { stampPeerAddress } = await import("./src/server/http/peer");
    stampPeerAddress();
    const { installFrontDoor } = await import("./src/server/http/front-door");
    installFrontDoor();
  }
}
