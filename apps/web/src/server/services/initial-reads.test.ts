// @vitest-environment node
import { readEpochTimes, readPools } from "@lending/sdk";
import { createPublicClient, http } from "viem";
import { describe, expect, inject, it, vi } from "vitest";
import { parseServerConfig } from "@/config/server";
import {
  CHAIN_READ_TTL_MS,
  clearInitialReadCache,
  initialEpochTimes,
  initialPools,
} from "./initial-reads";

describe("chain data read while rendering", () => {
  const { rpcUrl, chainId, deployment } = inject("anvil");
  const config = parseServerConfig({ RPC_URL: rpcUrl, CHAIN_ID: String(chainId) });
  const client = createPublicClient({ transport: http(rpcUrl) });

  it("reads the pools and the epoch times the browser would read, with the time of the read", async () => {
    const before = Date.now();
    const [pools, epochs] = await Promise.all([initialPools(config), initialEpochTimes(config)]);
    expect(pools?.data).toEqual(await readPools(client, deployment));
    expect(epochs?.data).toEqual(await readEpochTimes(client, deployment));
    expect(pools!.fetchedAt).toBeGreaterThanOrEqual(before);
    expect(pools!.fetchedAt).toBeLessThanOrEqual(Date.now());
  });

  it("shares one read between the renders of a block's time, then reads again", async () => {
    clearInitialReadCache();
    const first = await initialPools(config);
    const [second, third] = await Promise.all([initialPools(config), initialPools(config)]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    await new Promise((r) => setTimeout(r, CHAIN_READ_TTL_MS + 50));
    // past the TTL the cached read is served once more while a new one runs, then replaced
    expect(await initialPools(config)).toBe(first);
    await expect
      .poll(async () => (await initialPools(config))?.fetchedAt)
      .toBeGreaterThan(first!.fetchedAt);
  });

  it("leaves the read to the browser when the RPC is down, without failing the page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const down = parseServerConfig({ RPC_URL: "http://127.0.0.1:9", CHAIN_ID: String(chainId) });
    clearInitialReadCache();
    const started = Date.now();
    expect(await initialPools(down)).toBeUndefined();
    expect(await initialEpochTimes(down)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("reads nothing on a chain without a deployment", async () => {
    const other = parseServerConfig({
      RPC_URL: rpcUrl,
      CHAIN_ID: "84532",
      KYC_SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
      APP_URL: "https://app.example.org",
      INDEXER_URL: "https://indexer.example.org",
    });
    expect(await initialPools(other)).toBeUndefined();
  });
});
