/**
 * Reads an LCOV tracefile (what `forge coverage --report lcov` writes) into per-file line, branch
 * and function coverage.
 *
 * Forge's branch records (`BRDA:<line>,<branch id>,<path>,<hits>`): an `if` with an `else` has
 * path 0 (the true body) and path 1 (the else); an `if` without an `else` has path 0 only (the
 * true body: for `if (bad) revert X();` that is the revert); `require`/`assert` have paths 0
 * and 1. A path that never ran has hits `-` or `0`.
 */
export type LcovBranch = { line: number; block: number; path: number; hits: number };
export type LcovFunction = { name: string; line: number; hits: number };
export type LcovFile = {
  file: string;
  /** DA records in file order: line number and hit count. */
  lines: { line: number; hits: number }[];
  branches: LcovBranch[];
  functions: LcovFunction[];
};
export type Ratio = { hit: number; total: number };
export type FileSummary = { file: string; lines: Ratio; branches: Ratio; functions: Ratio };

export function parseLcov(text: string): LcovFile[] {
  const files: LcovFile[] = [];
  let current: LcovFile | undefined;
  let fnLines = new Map<string, number>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("TN:")) continue;
    if (line === "end_of_record") {
      current = undefined;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const tag = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (tag === "SF") {
      current = { file: value, lines: [], branches: [], functions: [] };
      fnLines = new Map();
      files.push(current);
      continue;
    }
    if (!current) continue;
    const parts = value.split(",");
    switch (tag) {
      case "DA":
        current.lines.push({ line: int(parts[0]), hits: hits(parts[1]) });
        break;
      case "BRDA":
        current.branches.push({
          line: int(parts[0]),
          block: int(parts[1]),
          path: int(parts[2]),
          hits: hits(parts[3]),
        });
        break;
      case "FN": {
        // LCOV 1.x: FN:<line>,<name>; 2.x may add an end line: FN:<line>,<end>,<name>.
        const name = parts.slice(parts.length === 3 ? 2 : 1).join(",");
        fnLines.set(name, int(parts[0]));
        break;
      }
      case "FNDA": {
        const name = parts.slice(1).join(",");
        current.functions.push({ name, line: fnLines.get(name) ?? 0, hits: hits(parts[0]) });
        break;
      }
      default:
        // LF/LH/BRF/BRH/FNF/FNH are recomputed from the records above.
        break;
    }
  }
  return files;
}

export function summarize(file: LcovFile): FileSummary {
  const ratio = (items: { hits: number }[]): Ratio => ({
    hit: items.filter((i) => i.hits > 0).length,
    total: items.length,
  });
  return {
    file: file.file,
    lines: ratio(file.lines),
    branches: ratio(file.branches),
    functions: ratio(file.functions),
  };
}

/** Percentage; a file with nothing to cover counts as fully covered (as forge prints it). */
export function percent(r: Ratio): number {
  return r.total === 0 ? 100 : (100 * r.hit) / r.total;
}

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return { hit: a.hit + b.hit, total: a.total + b.total };
}

function int(s: string | undefined): number {
  const n = Number.parseInt(s ?? "", 10);
  return Number.isFinite(n) ? n : 0;
}

function hits(s: string | undefined): number {
  return s === undefined || s === "-" ? 0 : int(s);
}
