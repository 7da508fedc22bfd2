import { serverConfig } from "./server";

/** Node server start: print the configuration error (it names the variable) and stop. */
export function validateConfigOrExit(): void {
  try {
    serverConfig();
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
