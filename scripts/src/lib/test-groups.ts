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

/**
 * What a module names when it reaches a database: the API test harness and session helpers
 * (server/test/), a database opened or served, the server context's `database()`, the db modules,
 * drizzle, PGlite. (The server config names DATABASE_URL and PGLITE_DIR but opens nothing.)
 */
const DATABASE =
  /setupApiTestDatabase|openDatabase|openMigratedTestDatabase|servePglite|serveDatabase|\bdatabase\(|server\/test\/|\/db\/|drizzle-orm|@electric-sql\/pglite/;
/** ... and what a test file itself may name besides: the env that picks the database. */
const DATABASE_IN_TEST = /DATABASE_URL|API_TEST_DATABASE|PGLITE_DIR/;

/** Imports by a relative path (`./prices`, `../swap/local-amm`) or the web app's `@/` alias. */
const LOCAL_IMPORT = /from\s+["']((?:\.\.?|@)\/[^"']+)["']/g;

/**
 * Whether the web test file at `path` may reach a database, so the API passes (Postgres, served
 * PGlite) must repeat it: every file under app/api (a route handler may read the database), and
 * any other whose text, or the text of a module it imports by a relative or `@/` path (one
 * level), names {@link DATABASE} (the test file also {@link DATABASE_IN_TEST}). A module that cannot be found counts as reaching one. The files
 * left out give the same result on every database (they never open one), so running them on
 * three databases repeated them for nothing.
 */
export function usesDatabase(path: string, webRoot: string): boolean {
  if (/^app[\\/]api[\\/]/.test(relative(webRoot, path))) return true;
  const text = readFileSync(path, "utf8");
  if (DATABASE.test(text) || DATABASE_IN_TEST.test(text)) return true;
  return [...text.matchAll(LOCAL_IMPORT)].some(([, spec]) => {
    const base = spec!.startsWith("@/")
      ? join(webRoot, "src", spec!.slice(2))
      : join(dirname(path), spec!);
    const file = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
      (f) => existsSync(f) && statSync(f).isFile(),
    );
    return !file || DATABASE.test(readFileSync(file, "utf8"));
  });
}

/**
 * The web app's shared test files under app/api and src/server that reach no database
 * ({@link usesDatabase}) or only databases of their own ({@link API_PASSES_SKIP}), relative to
 * `webRoot`: the API passes leave them out.
 */
export function withoutDatabase(webRoot: string): string[] {
  const [, shared] = split(webRoot, ["app/api", "src/server"]);
  return shared.filter((f) => {
    const file = join(webRoot, f);
    return API_PASSES_SKIP.test(readFileSync(file, "utf8")) || !usesDatabase(file, webRoot);
  });
}

/**
 * The web app's shared test files the API passes run (on Postgres, on served PGlite): those under
 * app/api and src/server not in {@link withoutDatabase}. With the passes to follow, the first
 * vitest step leaves them out (`VITEST_DATABASE_FILES=0`, vitest.config.mts): in it they ran a third
 * time, on an in-process PGlite, where the web app under `npm start` reaches its PGlite over the
 * wire as the served pass does, and in production its Postgres; the files that test the in-process
 * PGlite itself (db.test.ts, database-down.test.ts) are marked `// api-passes: skip (...)` and stay
 * in that step.
 */
export function apiPassFiles(webRoot: string): string[] {
  const skipped = new Set(withoutDatabase(webRoot));
  return split(webRoot, ["app/api", "src/server"])[1].filter((f) => !skipped.has(f));
}

/**
 * A file that opens only databases of its own (a PGlite folder, an in-memory PGlite, a URL it
 * names), never the one the pass selects, says so on a line of its own:
 * `// api-passes: skip (<why>)`. It gives the same result in every pass.
 */
const API_PASSES_SKIP = /^\/\/ api-passes: skip \(.+\)$/m;

/**
 * What keeps a shared web test file out of the project that runs without isolation (one worker,
 * one module graph for all its files, vitest.config.mts): a module mock (`vi.mock` is not reset
 * between files without isolation: a later file would import the mock), a process-wide hook that
 * cannot be removed (the front door's and the peer stamp's diagnostics-channel subscribers guard
 * every HTTP server of the process afterwards).
 */
const ISOLATED =
  /\bvi\s*\.\s*(?:doM|m)ock\s*[<(]|installFrontDoor|stampPeerAddress|(?:from\s+|import\(\s*)["'][^"']*\/instrumentation["']/;

/**
 * Whether the shared web test file at `path` needs a fresh worker of its own: it, or a `test/`
 * helper it imports (as {@link isShared} reads them), names {@link ISOLATED} (`vi.mock` and
 * `vi.doMock` with or without a type argument, the hooks, an import of instrumentation.ts, which
 * installs both), or it runs in jsdom (no `@vitest-environment node` line: a DOM, React and
 * Testing Library state are per file). A helper that cannot be found counts as needing it.
 */
export function needsIsolation(path: string): boolean {
  const text = readFileSync(path, "utf8");
  if (ISOLATED.test(text) || !/@vitest-environment node\b/.test(text)) return true;
  return [...text.matchAll(TEST_HELPER)].some(([, spec]) => {
    const base = join(dirname(path), spec!);
    const file = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
      (f) => existsSync(f) && statSync(f).isFile(),
    );
    return !file || ISOLATED.test(readFileSync(file, "utf8"));
  });
}

/**
 * The browser journeys `npm test` runs on a second stack of their own (`E2E_PART=late`,
 * apps/web/playwright.config.ts), in the lane of the vitest chain lane and the API passes once
 * those are done: the other lanes end minutes before the browser tests, whose stack then leaves one
 * core idle (docs/benchmarks.md, issue 26 goal 4, twelfth session). Every other journey runs on the
 * first stack (`E2E_PART=main`); without E2E_PART (`npm run test:e2e`) all run on one stack, in
 * name order. A journey that plays a default or moves the chain's clock is named to run last
 * (zz-): here it runs last or alone on its stack.
 */
export const LATE_E2E_SPECS = ["zz-modals-a11y-state.spec.ts"];

/**
 * Playwright's `testMatch` and `testIgnore` for E2E_PART: `late` the {@link LATE_E2E_SPECS},
 * `main` every other spec, unset every spec. Anything else is refused.
 */
export function e2ePart(part: string | undefined): { testMatch: string[]; testIgnore: string[] } {
  const late = LATE_E2E_SPECS.map((f) => `**/${f}`);
  // the production rehearsal's journey has its own stack: playwright.rehearsal.config.ts
  const rehearsal = "**/rehearsal/**";
  if (part === undefined || part === "")
    return { testMatch: ["**/*.spec.ts"], testIgnore: [rehearsal] };
  if (part === "main") return { testMatch: ["**/*.spec.ts"], testIgnore: [rehearsal, ...late] };
  if (part === "late") return { testMatch: late, testIgnore: [rehearsal] };
  throw new Error(`E2E_PART=${part}: expected main or late (or unset for every journey)`);
}
