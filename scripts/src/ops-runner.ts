/**
 * The ops CLI (scripts/src/ops.ts) as one long-lived process, for the e2e journeys: each cold
 * start of `tsx scripts/src/ops.ts` spends about 4 s of CPU importing it; this process imports it
 * once and runs each command it is sent with the CLI's own code (`runOpsCommand`: the same
 * argument parsing, the same output), one at a time.
 *
 * Started with an IPC channel (`fork`, `node --import tsx`) in the environment the commands
 * need (RPC_URL, CHAIN_ID, DATABASE_URL, ...). Message in: `{ id, args }`; message out:
 * `{ id, ok, stdout, stderr }` (what the command printed; `ok` false when it failed, its error
 * last in `stderr`, as the CLI prints it before exiting 1). Exits when its parent goes.
 */
import { format } from "node:util";
import { runOpsCommand } from "./ops";

export type OpsRequest = { id: number; args: string[] };
export type OpsReply = { id: number; ok: boolean; stdout: string; stderr: string };

/** The environment at start: each command starts from it, as a new process would. */
const startEnv = { ...process.env };

function resetEnv() {
  for (const name of Object.keys(process.env)) {
    if (!(name in startEnv)) delete process.env[name];
  }
  Object.assign(process.env, startEnv);
}

async function run({ id, args }: OpsRequest): Promise<OpsReply> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  console.log = console.info = (...parts: unknown[]) => void stdout.push(`${format(...parts)}\n`);
  console.warn = console.error = (...parts: unknown[]) => void stderr.push(`${format(...parts)}\n`);
  let ok = true;
  try {
    await runOpsCommand(args);
  } catch (error) {
    ok = false;
    stderr.push(`${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    Object.assign(console, saved);
    resetEnv();
  }
  return { id, ok, stdout: stdout.join(""), stderr: stderr.join("") };
}

let queue: Promise<unknown> = Promise.resolve();
process.on("message", (request: OpsRequest) => {
  queue = queue.then(async () => process.send?.(await run(request)));
});
process.on("disconnect", () => process.exit(0));
