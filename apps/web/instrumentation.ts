/**
 * Validates the configuration when the server starts: a bad variable stops the server with a
 * message that names it (instead of failing on the first request).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateConfigOrExit } = await import("./src/config/startup");
    validateConfigOrExit();
  }
}
