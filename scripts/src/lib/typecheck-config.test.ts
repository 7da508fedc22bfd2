import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { paths } from "./paths";

type TsConfig = { extends?: string; compilerOptions?: Record<string, unknown>; include?: string[] };
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(paths.root, file), "utf8")) as TsConfig;

/**
 * `npm test` and `npm run typecheck` check the SDK, the indexer and the scripts as one tsc program
 * (tsconfig.typecheck.json): it must check what each package's own tsconfig does, no file less
 * and with the same options, or a package's error would pass unseen.
 */
describe("the combined typecheck program", () => {
  const combined = read("tsconfig.typecheck.json");
  const packages = ["packages/sdk", "packages/indexer", "scripts"];

  it("includes exactly what the three packages' tsconfigs include", () => {
    const union = packages.flatMap((dir) =>
      (read(`${dir}/tsconfig.json`).include ?? []).map((p) => `${dir}/${p}`),
    );
    expect([...(combined.include ?? [])].sort()).toEqual(union.sort());
  });

  it("has the packages' compiler options and base", () => {
    for (const dir of packages) {
      const own = read(`${dir}/tsconfig.json`);
      expect(own.compilerOptions, dir).toEqual(combined.compilerOptions);
      expect(path.resolve(paths.root, dir, own.extends ?? ""), dir).toBe(
        path.resolve(paths.root, combined.extends ?? ""),
      );
    }
  });
});
