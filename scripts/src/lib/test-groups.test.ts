import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { paths } from "./paths";
import { isShared, split } from "./test-groups";

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
});
