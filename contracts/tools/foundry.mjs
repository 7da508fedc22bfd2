#!/usr/bin/env node
// Runs the forge or anvil binary that ships in the @foundry-rs/<tool>-<platform> npm package,
// without the npm wrapper's tool guessing: `node tools/foundry.mjs forge build`.
import { execFileSync, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const [tool, ...args] = process.argv.slice(2);
if (tool !== "forge" && tool !== "anvil") {
  console.error("usage: node tools/foundry.mjs <forge|anvil> [args...]");
  process.exit(2);
}
const arch = { x64: "amd64", arm64: "arm64" }[process.arch] ?? process.arch;
const pkg = `@foundry-rs/${tool}-${process.platform}-${arch}`;
let binary;
try {
  binary = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "bin", tool);
} catch {
  console.error(`${pkg} is not installed: run npm ci at the repository root`);
  process.exit(1);
}
// In CI, `forge test` explores new inputs on every commit: the fuzz and invariant seed is the
// commit hash (foundry.toml's fixed 0x1 stays the local default). It is printed so a failure
// can be replayed: FOUNDRY_FUZZ_SEED=<seed> node tools/foundry.mjs forge test ...
const env = { ...process.env };
if (tool === "forge" && args[0] === "test" && isCi(env.CI) && !env.FOUNDRY_FUZZ_SEED) {
  const seed = commitSeed();
  if (seed) {
    env.FOUNDRY_FUZZ_SEED = seed;
    console.log(
      `forge test: fuzz seed ${seed} (the commit; replay with FOUNDRY_FUZZ_SEED=${seed})`,
    );
  }
} else if (tool === "forge" && args[0] === "test" && env.FOUNDRY_FUZZ_SEED) {
  console.log(`forge test: fuzz seed ${env.FOUNDRY_FUZZ_SEED} (FOUNDRY_FUZZ_SEED)`);
}
const child = spawn(binary, args, { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

function isCi(value) {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

/** `0x` + the checked-out commit's hash, or undefined outside a git checkout. */
function commitSeed() {
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return /^[0-9a-f]{40,64}$/.test(head) ? `0x${head}` : undefined;
  } catch {
    return undefined;
  }
}
