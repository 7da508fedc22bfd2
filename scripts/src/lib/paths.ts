import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Walks up from `start` to the folder whose package.json declares npm workspaces. */
export function findRepoRoot(start: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = path.resolve(start);
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, "utf8")) as { workspaces?: unknown };
      if (Array.isArray(json.workspaces)) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`No workspace root (package.json with "workspaces") above ${start}`);
    dir = parent;
  }
}

export const repoRoot = findRepoRoot();

export const paths = {
  root: repoRoot,
  contracts: path.join(repoRoot, "contracts"),
  contractsOut: path.join(repoRoot, "contracts", "out"),
  sdk: path.join(repoRoot, "packages", "sdk"),
  web: path.join(repoRoot, "apps", "web"),
  scripts: path.join(repoRoot, "scripts"),
  bin: (name: string) => path.join(repoRoot, "node_modules", ".bin", name),
  defaultPgliteDir: path.join(repoRoot, ".data", "pglite"),
  webBuildStamp: path.join(repoRoot, ".data", "web-build.stamp"),
};
