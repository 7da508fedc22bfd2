/**
 * Line and branch coverage of contracts/src: `forge coverage` (foundry.toml profile `coverage`)
 * writes an LCOV file, and this prints one row per contract.
 *
 *   npm run coverage                            # run forge coverage, print the table
 *   npm run coverage -- --min-branch 90         # exit 1 if a contract is under 90% branches
 *   npm run coverage -- --uncovered             # also list the branches and functions not hit
 *   npm run coverage -- --lcov <file>           # no forge run: read an earlier LCOV file
 *   npm run coverage -- --match-path 'test/Kyc*' # other arguments go to forge coverage
 *
 * The gate (--min-branch) covers src/ except interfaces and the test tokens (src/tokens/Test*).
 * forge's source analyser cannot follow relative imports under ../node_modules (it drops the
 * leading `..`), so the coverage profile reaches the root node_modules through a symlink inside
 * the project, contracts/cache/coverage/deps, which this script creates.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";
import {
  addRatios,
  parseLcov,
  percent,
  summarize,
  type FileSummary,
  type LcovFile,
  type Ratio,
} from "./lib/lcov";
import { paths } from "./lib/paths";
import { CommandFailedError, run } from "./lib/proc";

const COVERAGE_DIR = path.join(paths.contracts, "cache", "coverage");
const DEPS_LINK = path.join(COVERAGE_DIR, "deps");
const DEPS_TARGET = path.join("..", "..", "..", "node_modules");
const LCOV_FILE = path.join(COVERAGE_DIR, "lcov.info");
/** Report only the project's own sources: not tests, mocks or libraries. */
const NO_MATCH_COVERAGE = "^(test|script|cache)/";

type Options = { minBranch?: number; uncovered: boolean; lcov?: string; forgeArgs: string[] };

function usage(message: string): never {
  console.error(`${message}\nusage: npm run coverage -- [--min-branch N] [--uncovered] [--lcov FILE]
       [forge coverage arguments, e.g. --match-path 'test/Kyc*']`);
  process.exit(2);
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { uncovered: false, forgeArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") usage(`${flag} needs a value`);
      return v;
    };
    if (flag === "--min-branch") {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0 || n > 100) usage("--min-branch takes a number 0-100");
      opts.minBranch = n;
    } else if (flag === "--uncovered") {
      opts.uncovered = true;
    } else if (flag === "--lcov") {
      opts.lcov = path.resolve(value());
    } else if (flag === "--help" || flag === "-h") {
      usage("Line and branch coverage of contracts/src.");
    } else {
      opts.forgeArgs.push(arg);
    }
  }
  return opts;
}

/** contracts/cache/coverage/deps -> ../../../node_modules (the root node_modules). */
function ensureDepsLink() {
  if (!existsSync(path.join(paths.root, "node_modules", "@openzeppelin", "contracts"))) {
    throw new Error("node_modules is missing @openzeppelin/contracts: run npm ci at the root");
  }
  mkdirSync(COVERAGE_DIR, { recursive: true });
  let stat;
  try {
    stat = lstatSync(DEPS_LINK);
  } catch {
    stat = undefined;
  }
  if (stat?.isSymbolicLink() && readlinkSync(DEPS_LINK) === DEPS_TARGET) return;
  if (stat && !stat.isSymbolicLink()) {
    throw new Error(`${DEPS_LINK} exists and is not a symlink; remove it`);
  }
  if (stat) rmSync(DEPS_LINK);
  symlinkSync(DEPS_TARGET, DEPS_LINK, "dir");
}

async function runForgeCoverage(forgeArgs: string[]): Promise<number> {
  ensureDepsLink();
  rmSync(LCOV_FILE, { force: true });
  const args = [
    path.join("tools", "foundry.mjs"),
    "forge",
    "coverage",
    "--report",
    "lcov",
    "--report-file",
    path.relative(paths.contracts, LCOV_FILE),
    "--no-match-coverage",
    NO_MATCH_COVERAGE,
    ...forgeArgs,
  ];
  console.log(`FOUNDRY_PROFILE=coverage node ${args.join(" ")}  (in contracts/)`);
  const started = Date.now();
  try {
    await run(process.execPath, args, {
      cwd: paths.contracts,
      env: { ...process.env, FOUNDRY_PROFILE: "coverage" },
    });
  } catch (e) {
    if (e instanceof CommandFailedError) {
      console.error(`forge coverage failed (exit code ${e.exitCode})`);
      process.exit(e.exitCode ?? 1);
    }
    throw e;
  }
  return (Date.now() - started) / 1000;
}

/** src/ files the --min-branch gate applies to. */
function isGated(file: string): boolean {
  return !file.startsWith("src/interfaces/") && !/^src\/tokens\/Test[^/]*\.sol$/.test(file);
}

const fmt = (r: Ratio) => `${percent(r).toFixed(2)}% (${r.hit}/${r.total})`;

function printTable(rows: FileSummary[], minBranch: number | undefined) {
  const gated = rows.filter((r) => isGated(r.file));
  const zero: Ratio = { hit: 0, total: 0 };
  const total: FileSummary = {
    file: "Total (gated)",
    lines: gated.reduce((a, r) => addRatios(a, r.lines), zero),
    branches: gated.reduce((a, r) => addRatios(a, r.branches), zero),
    functions: gated.reduce((a, r) => addRatios(a, r.functions), zero),
  };
  const header = ["Contract (contracts/)", "Lines", "Branches", "Functions", ""];
  const body = [...rows, total].map((r) => [
    r.file,
    fmt(r.lines),
    fmt(r.branches),
    fmt(r.functions),
    r === total
      ? ""
      : !isGated(r.file)
        ? "not gated"
        : minBranch !== undefined && percent(r.branches) < minBranch
          ? `BELOW ${minBranch}%`
          : "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!),
      )
      .join("  ")
      .trimEnd();
  console.log(`\n${line(header)}`);
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of body) console.log(line(row));
}

function sourceLine(file: string, line: number): string {
  try {
    const text = readFileSync(path.join(paths.contracts, file), "utf8").split("\n")[line - 1];
    return (text ?? "").trim().replace(/\s+/g, " ").slice(0, 110);
  } catch {
    return "";
  }
}

/** The function a line is in: the last FN record at or above it. */
function enclosingFunction(f: LcovFile, line: number): string {
  let best: { name: string; line: number } | undefined;
  for (const fn of f.functions) {
    if (fn.line <= line && (!best || fn.line > best.line)) best = fn;
  }
  return best ? best.name.replace(/^[^.]*\./, "") : "?";
}

/** Line numbers as ranges: 3-5, 9. */
function ranges(lines: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    out.push(i === j ? `${lines[i]}` : `${lines[i]}-${lines[j]}`);
    i = j + 1;
  }
  return out.join(", ");
}

function printUncovered(files: LcovFile[]) {
  for (const f of files) {
    const branches = f.branches.filter((b) => b.hits === 0);
    const functions = f.functions.filter((fn) => fn.hits === 0);
    const lines = f.lines.filter((l) => l.hits === 0).map((l) => l.line);
    if (branches.length + functions.length + lines.length === 0) continue;
    console.log(`\n${f.file}: branch paths not hit (${branches.length})`);
    for (const b of branches) {
      // An `if` without `else` has one path (its body); with `else`, path 0 and path 1.
      const paths = f.branches.filter((o) => o.block === b.block).length;
      const what = paths === 1 ? "body never ran" : b.path === 0 ? "true path" : "false path";
      const where = `${f.file}:${b.line} ${enclosingFunction(f, b.line)}()`;
      console.log(`  ${where}, ${what}: ${sourceLine(f.file, b.line)}`);
    }
    for (const fn of functions) {
      console.log(`  ${f.file}:${fn.line} function ${fn.name} never called`);
    }
    if (lines.length > 0) console.log(`  lines not hit: ${ranges(lines)}`);
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let seconds: number | undefined;
  if (opts.lcov === undefined) {
    seconds = await runForgeCoverage(opts.forgeArgs);
  } else if (opts.forgeArgs.length > 0) {
    usage(`unknown arguments with --lcov: ${opts.forgeArgs.join(" ")}`);
  }
  const lcovPath = opts.lcov ?? LCOV_FILE;
  if (!existsSync(lcovPath)) throw new Error(`${lcovPath} was not written`);
  const files = parseLcov(readFileSync(lcovPath, "utf8"))
    .filter((f) => f.file.startsWith("src/"))
    .sort((a, b) => a.file.localeCompare(b.file));
  if (files.length === 0) throw new Error(`no src/ files in ${lcovPath}`);
  const rows = files.map(summarize);

  printTable(rows, opts.minBranch);
  if (opts.uncovered) printUncovered(files.filter((f) => isGated(f.file)));
  console.log(`\nLCOV: ${path.relative(paths.root, lcovPath)}`);
  if (seconds !== undefined) console.log(`forge coverage took ${seconds.toFixed(0)} s`);

  if (opts.minBranch !== undefined) {
    const min = opts.minBranch;
    const below = rows.filter((r) => isGated(r.file) && percent(r.branches) < min);
    if (below.length > 0) {
      console.error(
        `\nBranch coverage below ${min}%: ${below.map((r) => `${r.file} ${percent(r.branches).toFixed(2)}%`).join(", ")}`,
      );
      process.exit(1);
    }
    console.log(`Every gated contract has at least ${min}% branch coverage.`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
