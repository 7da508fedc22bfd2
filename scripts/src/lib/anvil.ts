import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { repoRoot } from "./paths";
import { isPortFree, PortInUseError, sleep } from "./net";
import { spawnGuarded } from "./proc";

export type AnvilOptions = {
  port: number;
  chainId?: number;
  /** Name of the env var that sets the port, for the "port taken" message. */
  portEnvVar?: string;
  /** Seconds per block; undefined = automine. */
  blockTime?: number;
  timeoutMs?: number;
  /** Print anvil's own output (off by default: it is very chatty). */
  verbose?: boolean;
  /**
   * Keep the chain in this file: loaded at start when it exists, written every few seconds and on
   * exit (anvil `--state`, with the historical states the indexer reads at past blocks).
   */
  statePath?: string;
};

export type AnvilInstance = {
  rpcUrl: string;
  port: number;
  chainId: number;
  pid: number;
  stop: () => Promise<void>;
};

export class AnvilStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AnvilStartError";
  }
}

const PLATFORM_ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64" };

/** Finds the anvil binary shipped by @foundry-rs/anvil-<os>-<arch>, falling back to PATH. */
export function resolveAnvilBinary(): string {
  const arch = PLATFORM_ARCH[process.arch] ?? process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const exe = process.platform === "win32" ? "anvil.exe" : "anvil";
  const require = createRequire(path.join(repoRoot, "package.json"));
  const candidates: string[] = [];
  try {
    candidates.push(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "bin", exe));
  } catch {
    // not resolvable from the root: try the conventional hoisted location below
  }
  candidates.push(path.join(repoRoot, "node_modules", pkg, "bin", exe));
  candidates.push(path.join(repoRoot, "contracts", "node_modules", pkg, "bin", exe));
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  return exe; // rely on PATH; spawn reports ENOENT clearly if it is not there either
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const json = (await res.json()) as { result?: string };
    return json.result ? Number(BigInt(json.result)) : undefined;
  } catch {
    return undefined;
  }
}

/** Stops a child and its process group: SIGTERM, then SIGKILL after a grace period. */
export async function stopProcessGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  };
  kill("SIGTERM");
  const timer = setTimeout(() => kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Starts anvil on 127.0.0.1:port and resolves once it answers eth_chainId. */
export async function startAnvil(opts: AnvilOptions): Promise<AnvilInstance> {
  const chainId = opts.chainId ?? 31337;
  const port = opts.port;
  if (!(await isPortFree(port)))
    throw new PortInUseError(port, opts.portEnvVar ?? "ANVIL_PORT", "anvil");

  const args = ["--port", String(port), "--host", "127.0.0.1", "--chain-id", String(chainId)];
  if (opts.blockTime) args.push("--block-time", String(opts.blockTime));
  const loaded = opts.statePath !== undefined && existsSync(opts.statePath);
  if (opts.statePath) {
    args.push("--state", opts.statePath, "--state-interval", "10", "--preserve-historical-states");
  }
  const bin = resolveAnvilBinary();
  // own process group (stop() signals the whole group), ended with this process (no orphan)
  const child = spawnGuarded(bin, args, {
    stdio: ["ignore", opts.verbose ? "inherit" : "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  });
  child.stderr?.on("data", (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  });
  let spawnError: Error | undefined;
  child.once("error", (e) => (spawnError = e));

  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopProcessGroup(child);
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    if (spawnError)
      throw new AnvilStartError(`Could not run anvil (${bin}): ${spawnError.message}`);
    if (child.exitCode !== null) {
      if (/address already in use/i.test(output)) {
        throw new PortInUseError(port, opts.portEnvVar ?? "ANVIL_PORT", "anvil");
      }
      throw new AnvilStartError(`anvil exited with code ${child.exitCode}:\n${output}`);
    }
    const id = await rpcChainId(rpcUrl);
    if (id !== undefined) {
      if (id !== chainId) {
        await stop();
        throw new AnvilStartError(`anvil on ${rpcUrl} reports chain id ${id}, expected ${chainId}`);
      }
      break;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new AnvilStartError(`anvil did not answer on ${rpcUrl} in time:\n${output}`);
    }
    await sleep(100);
  }
  child.stdout?.resume();
  if (loaded) await restoreClock(rpcUrl);
  return { rpcUrl, port, chainId, pid: child.pid ?? -1, stop };
}

async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json()) as { result?: T; error?: { message: string } };
  if (json.error) throw new AnvilStartError(`${method}: ${json.error.message}`);
  return json.result as T;
}

/**
 * A loaded state keeps its blocks but not the clock offset `evm_increaseTime` built up: the next
 * block would be stamped with the wall clock, before the chain's last block (epochs would run
 * backwards). Continue the clock from the last block instead.
 */
async function restoreClock(rpcUrl: string): Promise<void> {
  const latest = await rpc<{ timestamp: string }>(rpcUrl, "eth_getBlockByNumber", [
    "latest",
    false,
  ]);
  const last = Number(BigInt(latest.timestamp));
  if (last < Math.floor(Date.now() / 1000)) return;
  await rpc(rpcUrl, "evm_setNextBlockTimestamp", [last + 1]);
  await rpc(rpcUrl, "evm_mine");
}

/** The chain's identity: its id and the hash of its genesis block (a new anvil is a new chain). */
export async function chainIdentity(
  rpcUrl: string,
): Promise<{ chainId: number; genesisHash: string }> {
  const [id, genesis] = await Promise.all([
    rpc<string>(rpcUrl, "eth_chainId"),
    rpc<{ hash: string }>(rpcUrl, "eth_getBlockByNumber", ["0x0", false]),
  ]);
  return { chainId: Number(BigInt(id)), genesisHash: genesis.hash.toLowerCase() };
}
