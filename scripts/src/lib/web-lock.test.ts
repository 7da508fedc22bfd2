import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockFolder } from "./web";

// The web build's lock: the Playwright shards of `npm test` start side by side, and two
// `next build` into one .next would break both stacks.
describe("lockFolder", () => {
  const dirs: string[] = [];
  const lockIn = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "web-lock-"));
    dirs.push(dir);
    return path.join(dir, "web-build.stamp.lock");
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("lets a second holder in only after the first released it", async () => {
    const lock = lockIn();
    const events: string[] = [];
    const release = await lockFolder(lock, 20);
    const second = lockFolder(lock, 20).then((r) => {
      events.push("second in");
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    events.push("first out");
    release();
    (await second)();
    expect(events).toEqual(["first out", "second in"]);
  });

  it("takes over a lock whose process died, or that never got its pid", async () => {
    const lock = lockIn();
    mkdirSync(lock);
    writeFileSync(path.join(lock, "pid"), "2147483646"); // no such process
    (await lockFolder(lock, 20))();

    mkdirSync(lock); // its owner died between mkdir and writing its pid, a minute ago
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, aMinuteAgo, aMinuteAgo);
    (await lockFolder(lock, 20))();
  });

  it("waits for a live holder's lock without its pid yet", async () => {
    const lock = lockIn();
    mkdirSync(lock); // just taken: the pid comes next
    let inside = false;
    const taking = lockFolder(lock, 20).then((r) => {
      inside = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(inside).toBe(false);
    rmSync(lock, { recursive: true, force: true });
    (await taking)();
    expect(inside).toBe(true);
  });
});
