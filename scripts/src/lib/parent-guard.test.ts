import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const GUARD = fileURLToPath(new URL("./parent-guard.mjs", import.meta.url));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe("parent guard: no orphans", () => {
  it("a child started through the guard ends when its parent is killed outright (SIGKILL)", async () => {
    // A parent (standing in for `npm start`) starts a long sleep through the guard, prints its
    // pid, then is SIGKILLed: it cannot stop the child itself.
    const script = `
      const { spawn } = require("node:child_process");
      const guarded = spawn(process.execPath, [${JSON.stringify(GUARD)}, process.execPath, "-e",
        "console.log('pid=' + process.pid); setInterval(() => {}, 1000)"], { detached: true, stdio: ["ignore", "pipe", "inherit"] });
      guarded.stdout.on("data", (d) => process.stdout.write(d));
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ["-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    // the child's pid, by its marker (anything else on stdout, e.g. from NODE_OPTIONS, is skipped)
    const childPid = await new Promise<number>((resolve) => {
      let out = "";
      parent.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /pid=(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
    });
    expect(alive(childPid)).toBe(true);
    parent.kill("SIGKILL");
    expect(await until(() => !alive(childPid), 10_000), "the child ended with its parent").toBe(
      true,
    );
  }, 30_000);

  it("passes the command's exit code through and waits for it on SIGTERM", async () => {
    const guarded = spawn(
      process.execPath,
      [
        GUARD,
        process.execPath,
        "-e",
        "process.on('SIGTERM', () => setTimeout(() => process.exit(7), 300)); console.log('ready'); setInterval(() => {}, 1000)",
      ],
      { detached: true, stdio: ["ignore", "pipe", "inherit"] },
    );
    // signalled only once the command has its handler (node starts slowly on a loaded machine)
    await new Promise<void>((resolve) => {
      let out = "";
      guarded.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("ready")) resolve();
      });
    });
    const code = new Promise<number | null>((resolve) => guarded.once("exit", resolve));
    // as stopProcessGroup does: the whole group; the guard outlives the signal until the command
    // has finished its own shutdown
    process.kill(-guarded.pid!, "SIGTERM");
    expect(await code).toBe(7);
  }, 30_000);
});
