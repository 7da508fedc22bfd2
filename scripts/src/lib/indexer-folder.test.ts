import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensurePgliteFolder, ponderPgliteClass, ponderPgliteTemplate } from "./indexer";

describe("the indexer's PGlite folder", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "indexer-folder-"));
  // the templates of this test live here, not in the temp folder the runs share: every path runs
  const templates = path.join(root, "templates");
  mkdirSync(templates);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is a whole cluster, copied from a template made once, that Ponder's PGlite opens", async () => {
    const dir = path.join(root, "a", "indexer");
    await ensurePgliteFolder(dir, templates);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    // no staging folder left beside it; one template, whole, and nothing half-made beside it
    expect(readdirSync(path.dirname(dir))).toEqual(["indexer"]);
    const made = readdirSync(templates);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^lending-ponder-pglite-\d+\.\d+\.\d+-/);
    // the copy opens and answers
    const PGlite = await ponderPgliteClass();
    const db = await PGlite.create(dir);
    try {
      expect(await db.query("select 1 as one")).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await db.close();
    }
    // a second folder comes from the same template (not a second one)
    await ensurePgliteFolder(path.join(root, "b"), templates);
    expect(readdirSync(templates)).toEqual(made);
    // a kept folder is left as it is (its index is read again, not rebuilt)
    writeFileSync(path.join(dir, "marker"), "kept");
    await ensurePgliteFolder(dir, templates);
    expect(existsSync(path.join(dir, "marker"))).toBe(true);
  });

  it("replaces a leftover folder without PG_VERSION (a start killed during its creation)", async () => {
    const dir = path.join(root, "c");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "half-written"), "x");
    await ensurePgliteFolder(dir, templates);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dir, "half-written"))).toBe(false);
  });

  it("is made in place when no template can be made (a temp folder that cannot be written)", async () => {
    const file = path.join(root, "not-a-folder");
    writeFileSync(file, "");
    const dir = path.join(root, "d");
    await ensurePgliteFolder(dir, file);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(readdirSync(root).filter((f) => f.startsWith("d."))).toEqual([]);
  });

  it("never copies a template that was not finished: it is made again", async () => {
    const other = path.join(root, "templates-2");
    const first = await ponderPgliteTemplate(other);
    // a template folder killed half-way (no completion mark), as a crash would leave it
    rmSync(first, { recursive: true, force: true });
    mkdirSync(first);
    writeFileSync(path.join(first, "PG_VERSION"), "17\n");
    expect(await ponderPgliteTemplate(other)).toBe(first);
    expect(existsSync(path.join(first, "base"))).toBe(true);
    expect(readdirSync(other)).toEqual([path.basename(first)]);
  });
});
