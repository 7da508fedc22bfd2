/**
 * The vitest groups of the root vitest.config.mts: test files that share something (the one anvil
 * of the globalSetup with its snapshots, a database, a spawned process or a port) run one at a
 * time; every other file (pure logic, components in jsdom) runs two at a time first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/**
 * Test files that share something: the one anvil (inject("anvil"), snapshots), a database, a
 * spawned process or a port. They run one at a time; every other file (pure logic, components in
 * jsdom) runs two at a time first. A file is shared when its text names any of these, or when a
 * helper it imports by a relative path through a `test/` folder does (see {@link isShared}); a
 * new test that touches the chain through another helper must name the helper here (useChain).
 */
const SHARED =
  /inject\(|anvil|withSnapshot|startTestStack|harness|setupApiTestDatabase|openDatabase|servePglite|pglite|spawn|listen\(|rpcUrl|useChain|server\/test\//i;

/** Relative imports through a `test/` folder: `../test/chain`, `./test/pool-draft`. */
const TEST_HELPER = /from\s+["'](\.\.?\/(?:[^"']*\/)?test\/[^"']+)["']/g;

/**
 * Whether the test file at `path` is shared: its text names one of SHARED, or a `test/` helper it
 * imports does. Any `test/` import used to count (`/\/test\//`), which made a pure test serial for
 * importing a pure fixture (the SDK's domain/pool-draft.test.ts and ../test/pool-draft); now the
 * helper's own text decides (the SDK's test/chain names anvil, the web's server/test/session
 * names pglite). A helper that cannot be found counts as shared: serial is the safe side.
 */
export function isShared(path: string): boolean {
  const text = readFileSync(path, "utf8");
  if (SHARED.test(text)) return true;
  return [...text.matchAll(TEST_HELPER)].some(([, spec]) => {
    const base = join(dirname(path), spec!);
    const file = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
      (f) => existsSync(f) && statSync(f).isFile(),
    );
    return !file || SHARED.test(readFileSync(file, "utf8"));
  });
}

function testFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(root, path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** The package's test files under `dirs` split into [pure, shared], relative to its root. */
export function split(root: string, dirs: string[]): [string[], string[]] {
  const files = dirs.flatMap((d) =>
    existsSync(join(root, d)) ? testFiles(root, join(root, d)) : [],
  );
  const shared = files.filter((f) => isShared(join(root, f)));
  return [files.filter((f) => !shared.includes(f)), shared];
}
