import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensurePgliteFolder } from "./indexer";

describe("the indexer's PGlite folder", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "indexer-folder-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is a whole cluster, copied from the template, and a kept one is left as it is", async () => {
    const dir = path.join(root, "a", "indexer");
    await ensurePgliteFolder(dir);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dir, "base"))).toBe(true);
    // no staging folder left beside it
    expect(readdirSync(path.dirname(dir))).toEqual(["indexer"]);
    // the template it came from is in the temp folder, whole
    const templates = readdirSync(os.tmpdir()).filter((f) =>
      /^lending-ponder-pglite-[^.]+\.[^.]+\.[^.]+$/.test(f),
    );
    expect(templates.length).toBeGreaterThan(0);
    // a kept folder is not touched (its index is read again, not rebuilt)
    writeFileSync(path.join(dir, "marker"), "kept");
    await ensurePgliteFolder(dir);
    expect(existsSync(path.join(dir, "marker"))).toBe(true);
  });

  it("replaces a leftover without PG_VERSION (a start killed during its creation)", async () => {
    const dir = path.join(root, "b");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "half-written"), "x");
    await ensurePgliteFolder(dir);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dir, "half-written"))).toBe(false);
  });
});
