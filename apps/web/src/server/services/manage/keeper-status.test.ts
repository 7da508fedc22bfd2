// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { setupApiTestDatabase } from "@/server/test/harness";
import { keeperStatusRows, recordingLogger } from "./keeper-status";

describe("the keeper's last run and last error (the console's health panel)", () => {
  const t = setupApiTestDatabase();

  it("records each pool's last action and last error beside the log line, and passes at most every heartbeat", async () => {
    const lines: unknown[] = [];
    const recorder = recordingLogger(
      (e) => lines.push(e),
      async () => t.db(),
      31337,
      60_000,
    );
    recorder.pass();
    recorder.pass(); // within the heartbeat: not recorded again
    recorder.log({ level: "info", action: "clear", poolId: 0n });
    recorder.log({ level: "warn", action: "clear", poolId: 1n, error: "ClearingNotOpen" });
    expect(lines).toHaveLength(2); // the log lines themselves are unchanged
    await vi.waitFor(async () => expect(await keeperStatusRows(t.db(), 31337)).toHaveLength(3));
    const rows = Object.fromEntries(
      (await keeperStatusRows(t.db(), 31337)).map((r) => [r.scope, r]),
    );
    expect(rows.keeper).toMatchObject({ lastAction: "pass", lastError: null });
    expect(rows["pool 0"]).toMatchObject({ lastAction: "clear", lastError: null });
    expect(rows["pool 1"]).toMatchObject({ lastRunAt: null, lastError: "clear: ClearingNotOpen" });
  });

  it("loses the record, never the log line, when the database is down", async () => {
    const lines: unknown[] = [];
    const recorder = recordingLogger(
      (e) => lines.push(e),
      () => Promise.reject(new Error("down")),
      31337,
    );
    recorder.log({ level: "error", action: "fatal", error: "x" });
    expect(lines).toHaveLength(1);
  });
});
