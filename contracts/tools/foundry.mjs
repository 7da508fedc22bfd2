#!/usr/bin/env node
// Runs the forge or anvil binary that ships in the @foundry-rs/<tool>-<platform> npm package,
// without the npm wrapper's tool guessing: `node tools/foundry.mjs forge build`.
import { spawn } from "node:child_process";
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
const child = spawn(binary, args, { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
