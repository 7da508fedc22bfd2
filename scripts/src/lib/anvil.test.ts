import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chainIdentity, resolveAnvilBinary, startAnvil } from "./anvil";
import { getFreePort, isPortFree, PortInUseError } from "./net";

describe("startAnvil", () => {
  it("starts anvil with chain id 31337, answers JSON-RPC, and stops", async () => {
    expect(resolveAnvilBinary()).toMatch(/anvil$/);
    const port = await getFreePort();
    const anvil = await startAnvil({ port });
    try {
      const res = await fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      expect(((await res.json()) as { result: string }).result).toBe("0x7a69");
    } finally {
      await anvil.stop();
    }
    expect(await isPortFree(port)).toBe(true);
  });

  it("fails with a message naming the port and the env var when the port is taken", async () => {
    const server = net.createServer();
    const port = await getFreePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      const error = await startAnvil({ port, portEnvVar: "ANVIL_PORT" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toContain(`Port ${port}`);
      expect((error as Error).message).toContain("ANVIL_PORT");
    } finally {
      server.close();
    }
  });

  it("a kept chain resumes after a restart: same genesis, same blocks, and its clock never runs backwards", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "anvil-state-"));
    const statePath = path.join(dir, "state.json");
    const rpc = async <T>(url: string, method: string, params: unknown[] = []) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      return ((await res.json()) as { result: T }).result;
    };
    const latest = async (url: string) => {
      const b = await rpc<{ number: string; timestamp: string }>(url, "eth_getBlockByNumber", [
        "latest",
        false,
      ]);
      return { number: BigInt(b.number), timestamp: BigInt(b.timestamp) };
    };
    try {
      const port = await getFreePort();
      const first = await startAnvil({ port, statePath });
      const identity = await chainIdentity(first.rpcUrl);
      // a week of demo time (the app's "move to the clearing period")
      await rpc(first.rpcUrl, "evm_increaseTime", [7 * 86_400]);
      await rpc(first.rpcUrl, "evm_mine");
      const before = await latest(first.rpcUrl);
      await first.stop(); // anvil writes its state on exit
      const second = await startAnvil({ port, statePath });
      try {
        expect(await chainIdentity(second.rpcUrl)).toEqual(identity);
        const resumed = await latest(second.rpcUrl);
        expect(resumed.number).toBeGreaterThanOrEqual(before.number);
        expect(resumed.timestamp).toBeGreaterThan(before.timestamp);
        await rpc(second.rpcUrl, "evm_mine");
        const next = await latest(second.rpcUrl);
        expect(next.timestamp).toBeGreaterThanOrEqual(resumed.timestamp);
        // still a week ahead of the wall clock, as before the restart
        expect(Number(next.timestamp)).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400);
      } finally {
        await second.stop();
      }
      // a new anvil (no state) is another chain with the same id: its genesis block is stamped
      // with the second it starts (two anvils started in one second share a genesis hash)
      await new Promise((r) => setTimeout(r, 1_100));
      const other = await startAnvil({ port });
      try {
        const fresh = await chainIdentity(other.rpcUrl);
        expect(fresh.chainId).toBe(identity.chainId);
        expect(fresh.genesisHash).not.toBe(identity.genesisHash);
      } finally {
        await other.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
