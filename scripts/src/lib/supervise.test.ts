import { spawn, type ChildProcess } from "node:child_process";

type Listener = (code: number | null, signal: NodeJS.Signals | null) => void;
/** A process's exits as the supervisor hears them: every run of it, one listener list. */
function exits() {
  const listeners: Listener[] = [];
  return {
    onExit: (l: Listener) => void listeners.push(l),
    watch: (c: ChildProcess) =>
      c.once("exit", (code, sig) => listeners.forEach((l) => l(code, sig))),
  };
}
import { describe, expect, it } from "vitest";
import { backoffMs, supervise } from "./supervise";

const run = (code: string) => spawn(process.execPath, ["-e", code], { stdio: "ignore" });
const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe("supervisor", () => {
  it("backs off from 1 s, doubling, to at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it("restarts a process that exits, with a log line, until the stack stops", async () => {
    const lines: string[] = [];
    const e = exits();
    let child: ChildProcess = run("process.exit(3)"); // crashes at once
    e.watch(child);
    let starts = 0;
    const waits: number[] = [];
    const supervisor = supervise({
      name: "keeper",
      onExit: e.onExit,
      restart: async () => {
        starts += 1;
        // the second start keeps running
        child = run(starts === 1 ? "process.exit(4)" : "setInterval(() => {}, 1000)");
        e.watch(child);
      },
      log: (l) => lines.push(l),
      backoff: (attempt) => {
        waits.push(attempt);
        return 10;
      },
    });
    expect(await until(() => supervisor.restarts() === 2)).toBe(true);
    expect(waits).toEqual([1, 2]); // failing again right away backs off further
    expect(lines[0]).toBe("[supervisor] the keeper exited (code 3); restarting it in 0 s");
    expect(lines).toContain("[supervisor] the keeper is running again (restart 2)");
    // stopping: a later exit is not restarted
    supervisor.stop();
    const last = child;
    last.kill("SIGKILL");
    await new Promise((r) => last.once("exit", r));
    await new Promise((r) => setTimeout(r, 100));
    expect(starts).toBe(2);
  });

  it("a restart that fails is tried again", async () => {
    const e = exits();
    let child: ChildProcess = run("process.exit(1)");
    e.watch(child);
    let attempts = 0;
    const lines: string[] = [];
    const supervisor = supervise({
      name: "indexer",
      onExit: e.onExit,
      restart: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error("port 42069 is in use");
        child = run("setInterval(() => {}, 1000)");
        e.watch(child);
      },
      log: (l) => lines.push(l),
      backoff: () => 10,
    });
    expect(await until(() => supervisor.restarts() === 1)).toBe(true);
    expect(attempts).toBe(3);
    expect(
      lines.filter((l) => l.includes("restarting the indexer failed: port 42069")),
    ).toHaveLength(2);
    supervisor.stop();
    child.kill("SIGKILL");
  });
});
