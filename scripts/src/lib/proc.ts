import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import path from "node:path";
import { stopProcessGroup } from "./anvil";
import { paths } from "./paths";

/**
 * Spawns a long-running command in its own process group, behind parent-guard.mjs: when this
 * process dies without stopping it (SIGKILL, a crash), the guard ends the command's group, so
 * nothing is left orphaned holding a port or spinning on a database host that is gone.
 */
export function spawnGuarded(
  cmd: string,
  args: string[],
  opts: Omit<SpawnOptions, "detached"> = {},
): ChildProcess {
  const guard = path.join(paths.scripts, "src", "lib", "parent-guard.mjs");
  return spawn(process.execPath, [guard, cmd, ...args], { ...opts, detached: true });
}

export class CommandFailedError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(`\`${command}\` failed with exit code ${exitCode}`);
    this.name = "CommandFailedError";
  }
}

/**
 * "inherit" streams to our terminal; "capture" keeps the output (returned, and on failure); "tee"
 * streams it and keeps it too (its last {@link TEE_KEEP} characters).
 */
export type Output = "inherit" | "capture" | "tee";

export type RunOptions = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  output?: Output;
};

/** How much of a teed command's output is kept: enough for a test runner's failure report. */
const TEE_KEEP = 4_000_000;

const running = new Set<ChildProcess>();

/** Runs a command to completion in its own process group; rejects with CommandFailedError. */
export function run(cmd: string, args: string[], opts: RunOptions = {}): Promise<string> {
  const label = [cmd, ...args].join(" ");
  return new Promise((resolve, reject) => {
    const tee = opts.output === "tee";
    const pipe = tee || opts.output === "capture";
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      detached: true,
      stdio: pipe ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    } satisfies SpawnOptions);
    running.add(child);
    let out = "";
    const keep = (to: NodeJS.WriteStream) => (d: Buffer) => {
      if (tee) to.write(d);
      out += d.toString();
      if (tee && out.length > TEE_KEEP * 2) out = out.slice(-TEE_KEEP);
    };
    child.stdout?.on("data", keep(process.stdout));
    child.stderr?.on("data", keep(process.stderr));
    child.once("error", (e) => {
      running.delete(child);
      reject(new CommandFailedError(label, null, `${out}\n${e.message}`));
    });
    child.once("close", (code) => {
      running.delete(child);
      if (code === 0) resolve(out);
      else reject(new CommandFailedError(label, code, out));
    });
  });
}

/**
 * Starts a long-running service in its own process group (stop it with stopProcessGroup); it ends
 * with this process (see {@link spawnGuarded}).
 */
export function startService(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; onOutput?: (chunk: string) => void } = {},
): ChildProcess {
  const child = spawnGuarded(cmd, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const forward = (d: Buffer) => opts.onOutput?.(d.toString());
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  return child;
}

/** Stops every command/service started through this module that is still running. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((c) => stopProcessGroup(c)));
}

/** Waits until `url` answers with a status below 500. */
export async function waitForHttp(
  url: string,
  timeoutMs: number,
  isAlive?: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (isAlive && !isAlive())
      throw new Error(`The process behind ${url} exited before it answered`);
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
