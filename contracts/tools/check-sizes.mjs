#!/usr/bin/env node
// EIP-170 and EIP-3860 for the contracts we deploy (src/): runtime code at most 24,576 bytes,
// init code at most 49,152. Test helpers (invariant handlers, mocks) are never deployed and may
// be larger. Reads forge's artifacts (run after `forge build`); prints each contract's sizes and
// margins and exits 1 when one is over.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNTIME_LIMIT = 24_576;
const INITCODE_LIMIT = 49_152;

const sources = readdirSync(path.join(root, "src"), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".sol"))
  .map((e) => e.name);
const bytes = (hex) => (hex && hex !== "0x" ? (hex.length - 2) / 2 : 0);
let over = false;
const rows = [];
for (const file of [...new Set(sources)].sort()) {
  const dir = path.join(root, "out", file);
  if (!existsSync(dir)) continue;
  for (const artifact of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const json = JSON.parse(readFileSync(path.join(dir, artifact), "utf8"));
    const runtime = bytes(json.deployedBytecode?.object);
    const init = bytes(json.bytecode?.object);
    if (runtime === 0) continue; // interfaces, abstract contracts
    const bad = runtime > RUNTIME_LIMIT || init > INITCODE_LIMIT;
    over ||= bad;
    rows.push(
      `${bad ? "OVER " : "     "}${artifact.replace(/\.json$/, "").padEnd(32)} runtime ${String(runtime).padStart(6)} B (margin ${RUNTIME_LIMIT - runtime}), init ${String(init).padStart(6)} B (margin ${INITCODE_LIMIT - init})`,
    );
  }
}
console.log(rows.join("\n"));
if (rows.length === 0) {
  console.error("No artifacts of src/ contracts in out/: run forge build first.");
  process.exit(1);
}
if (over) {
  console.error(
    "Some deployed contracts exceed EIP-170 (24,576 B runtime) or EIP-3860 (49,152 B init code).",
  );
  process.exit(1);
}
