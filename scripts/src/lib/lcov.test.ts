import { describe, expect, it } from "vitest";
import { parseLcov, percent, summarize } from "./lcov";

// Shape of forge 1.7's `--report lcov` (LCOV 1.x).
const LCOV = `TN:
SF:src/A.sol
DA:10,3
FN:10,A.f
FNDA:3,A.f
DA:11,3
BRDA:11,0,0,1
DA:12,1
BRDA:14,1,0,-
BRDA:14,1,1,2
DA:20,0
FN:20,A.g
FNDA:0,A.g
FNF:2
FNH:1
LF:4
LH:3
BRF:3
BRH:2
end_of_record
TN:
SF:src/interfaces/I.sol
FNF:0
FNH:0
LF:0
LH:0
BRF:0
BRH:0
end_of_record
`;

describe("parseLcov", () => {
  it("reads lines, branch paths (`-` = never reached) and functions per file", () => {
    const [a, i] = parseLcov(LCOV);
    expect(a?.file).toBe("src/A.sol");
    expect(a?.lines).toEqual([
      { line: 10, hits: 3 },
      { line: 11, hits: 3 },
      { line: 12, hits: 1 },
      { line: 20, hits: 0 },
    ]);
    expect(a?.branches).toEqual([
      { line: 11, block: 0, path: 0, hits: 1 },
      { line: 14, block: 1, path: 0, hits: 0 },
      { line: 14, block: 1, path: 1, hits: 2 },
    ]);
    expect(a?.functions).toEqual([
      { name: "A.f", line: 10, hits: 3 },
      { name: "A.g", line: 20, hits: 0 },
    ]);
    expect(summarize(a!)).toEqual({
      file: "src/A.sol",
      lines: { hit: 3, total: 4 },
      branches: { hit: 2, total: 3 },
      functions: { hit: 1, total: 2 },
    });
    expect(i?.file).toBe("src/interfaces/I.sol");
    expect(percent(summarize(i!).branches)).toBe(100);
  });

  it("reads LCOV 2 function records (FN:<line>,<end line>,<name>)", () => {
    const [f] = parseLcov("SF:src/B.sol\nFN:5,9,B.h\nFNDA:2,B.h\nend_of_record\n");
    expect(f?.functions).toEqual([{ name: "B.h", line: 5, hits: 2 }]);
  });
});
