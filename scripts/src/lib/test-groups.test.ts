import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { paths } from "./paths";
import {
  apiPassFiles,
  e2ePart,
  isShared,
  LATE_E2E_SPECS,
  needsIsolation,
  split,
  usesDatabase,
  withoutDatabase,
} from "./test-groups";

const sdk = path.join(paths.root, "packages/sdk");
const web = path.join(paths.root, "apps/web");

describe("vitest groups: which test files run one at a time", () => {
  it("a test importing a pure fixture from a test/ folder runs in the parallel group", () => {
    // domain/pool-draft.test.ts imports ../test/pool-draft (no chain, no database)
    expect(isShared(path.join(sdk, "src/domain/pool-draft.test.ts"))).toBe(false);
    const [pure, shared] = split(sdk, ["src"]);
    expect(pure).toContain("src/domain/pool-draft.test.ts");
    expect(shared).not.toContain("src/domain/pool-draft.test.ts");
  });

  it("a test using the shared chain or database, itself or through a test/ helper, is serial", () => {
    expect(isShared(path.join(sdk, "src/reads/user-lending.test.ts"))).toBe(true);
    expect(isShared(path.join(sdk, "src/domain/portfolio.chain.test.ts"))).toBe(true);
    expect(isShared(path.join(web, "src/server/services/epoch-mails.test.ts"))).toBe(true);
  });

  it("decides by what the imported helper uses; a helper that cannot be found counts as shared", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "test-groups-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, "test"));
    writeFileSync(path.join(dir, "test/chain.ts"), 'export const url = inject("anvil");\n');
    writeFileSync(path.join(dir, "test/fixture.ts"), "export const row = { name: 'Senior' };\n");
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    expect(isShared(file("a.test.ts", 'import { url } from "./test/chain";\n'))).toBe(true);
    expect(isShared(file("b.test.ts", 'import { row } from "./test/fixture";\n'))).toBe(false);
    expect(isShared(file("c.test.ts", 'import { gone } from "./test/missing";\n'))).toBe(true);
  });

  it("the API passes repeat only the web files that may reach a database", () => {
    const skipped = withoutDatabase(web);
    // chain reads and a socket: the same on every database
    expect(skipped).toContain("src/server/http/front-door.test.ts");
    expect(skipped).toContain("src/server/services/prices.test.ts");
    expect(skipped).not.toContain("src/server/services/epoch-mails.test.ts");
    // databases of their own, marked `// api-passes: skip (...)`
    expect(skipped).toContain("src/server/db/db.test.ts");
    expect(skipped).toContain("src/server/http/database-down.test.ts");
    expect(skipped).not.toContain("src/server/services/mail.test.ts");
    expect(skipped.filter((f) => f.startsWith("app/"))).toEqual([]);
  });

  it("the first vitest step leaves out exactly the files the API passes run, no other", () => {
    const passes = apiPassFiles(web);
    const skipped = withoutDatabase(web);
    const [, shared] = split(web, ["app/api", "src/server"]);
    // no route test is left out of both: every shared file under app/api runs in the passes
    expect(shared.filter((f) => f.startsWith("app/") && !passes.includes(f))).toEqual([]);
    expect(passes.filter((f) => skipped.includes(f))).toEqual([]);
    expect(passes).toContain("app/api/probe.test.ts");
    expect(passes).toContain("src/server/services/epoch-mails.test.ts");
    // the in-process PGlite's own tests and the chain-only files stay in the first step
    expect(passes).not.toContain("src/server/db/db.test.ts");
    expect(passes).not.toContain("src/server/http/database-down.test.ts");
    expect(passes).not.toContain("src/server/http/front-door.test.ts");
  });

  it("counts a database reached through an imported module, an unknown module or the env", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "test-groups-db-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(path.join(root, "src/server"), { recursive: true });
    mkdirSync(path.join(root, "app/api/x"), { recursive: true });
    const write = (name: string, text: string) => {
      writeFileSync(path.join(root, name), text);
      return path.join(root, name);
    };
    write("src/server/store.ts", "export const rows = async () => (await database()).select();\n");
    write("src/server/sum.ts", "export const sum = (a: number, b: number) => a + b;\n");
    const uses = (name: string, text: string) => usesDatabase(write(name, text), root);
    expect(uses("src/server/a.test.ts", 'import { rows } from "./store";\n')).toBe(true);
    expect(uses("src/server/b.test.ts", 'import { rows } from "@/server/store";\n')).toBe(true);
    expect(uses("src/server/c.test.ts", 'import { sum } from "./sum";\n')).toBe(false);
    expect(uses("src/server/d.test.ts", 'import { gone } from "./missing";\n')).toBe(true);
    expect(uses("src/server/e.test.ts", "process.env.DATABASE_URL = url;\n")).toBe(true);
    expect(
      uses("app/api/x/route.test.ts", 'import { sum } from "../../../src/server/sum";\n'),
    ).toBe(true);
  });

  it("keeps a shared web file in a worker of its own when sharing one could leak into the next", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "test-groups-iso-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, "test"));
    writeFileSync(path.join(dir, "test/mocks.ts"), 'vi.mock("../mail", () => ({}));\n');
    writeFileSync(path.join(dir, "test/rows.ts"), "export const rows = [];\n");
    const node = "// @vitest-environment node\n";
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    // module mocks in every spelling, the process-wide hooks, jsdom, a helper that mocks
    for (const [name, text] of [
      ["a.test.ts", `${node}vi.mock("./x");\n`],
      ["b.test.ts", `${node}vi.doMock<typeof import("./x")>("./x", () => ({}));\n`],
      ["c.test.ts", `${node}vi\n  .mock("./x");\n`],
      ["d.test.ts", `${node}import { register } from "../../instrumentation";\n`],
      ["e.test.ts", `${node}installFrontDoor(server);\n`],
      ["f.test.ts", 'import { render } from "@testing-library/react";\n'],
      ["g.test.ts", `${node}import { m } from "./test/mocks";\n`],
      ["h.test.ts", `${node}import { gone } from "./test/missing";\n`],
    ] as const) {
      expect(needsIsolation(file(name, text)), name).toBe(true);
    }
    // a node file with a pure helper, and one that only mentions instrumentation in a comment
    expect(needsIsolation(file("i.test.ts", `${node}import { rows } from "./test/rows";\n`))).toBe(
      false,
    );
    expect(needsIsolation(file("j.test.ts", `${node}// stamped by instrumentation.ts\n`))).toBe(
      false,
    );
    // the repo's own: the route files that mock a module are isolated, a plain API file is not
    expect(needsIsolation(path.join(web, "app/api/statements/route.test.ts"))).toBe(true);
    expect(needsIsolation(path.join(web, "app/api/hardening.test.ts"))).toBe(false);
  });
});

describe("browser journeys: npm test's first and second stack (E2E_PART)", () => {
  // Playwright matches `**/<name>` against a spec's path: its file name, for a file in e2e/ (a
  // string comparison standing in for Playwright's matcher, which holds for these two pattern
  // shapes only; `E2E_PART=late npx playwright test --list` lists the late journeys for real)
  const picks = (patterns: string[], file: string) =>
    patterns.some((p) => p === "**/*.spec.ts" || p === `**/${file}`);
  const runs = (part: string | undefined, file: string) => {
    const { testMatch, testIgnore } = e2ePart(part);
    return picks(testMatch, file) && !picks(testIgnore, file);
  };
  const specs = readdirSync(path.join(web, "e2e")).filter((f) => f.endsWith(".spec.ts"));

  it("runs every journey on exactly one of the two stacks, and all of them without E2E_PART", () => {
    expect(specs.length).toBeGreaterThan(30);
    for (const late of LATE_E2E_SPECS) expect(specs, `${late} is a journey`).toContain(late);
    for (const spec of specs) {
      expect([runs("main", spec), runs("late", spec)].filter(Boolean), spec).toHaveLength(1);
      expect(runs(undefined, spec), spec).toBe(true);
    }
    // the rehearsal's journey has its own config and stack
    for (const part of [undefined, "main", "late"]) {
      expect(e2ePart(part).testIgnore).toContain("**/rehearsal/**");
    }
  });

  it("refuses any other E2E_PART", () => {
    expect(() => e2ePart("lat")).toThrow("E2E_PART=lat: expected main or late");
  });
});
