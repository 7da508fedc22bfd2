// @vitest-environment node
import { readEpochTimes, readPools } from "@lending/sdk";
import { createPublicClient, http } from "viem";
import { describe, expect, inject, it, vi } from "vitest";
import { parseServerConfig } from "@/config/server";
import { loadErrorCopy } from "@/lib/readErrors";
import {
  CHAIN_READ_TTL_MS,
  clearInitialReadCache,
  failureOf,
  INITIAL_READ_TIMEOUT_MS,
  initialEpochTimes,
  initialPools,
  initialReadFailure,
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

  it("gives up quickly when the RPC is down, without failing the page", async () => {
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
    // the page's error panel says which: the contracts are not deployed on this chain
    const failure = initialReadFailure("pools", other);
    expect(loadErrorCopy(failure, "chain", "Base Sepolia").title).toBe("Contracts not deployed");
  });

  it("keeps why a read failed for the error panel: an RPC that does not answer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const down = parseServerConfig({ RPC_URL: "http://127.0.0.1:9", CHAIN_ID: String(chainId) });
    clearInitialReadCache();
    expect(await initialPools(down)).toBeUndefined();
    expect(loadErrorCopy(initialReadFailure("pools", down), "chain", "Local").title).toBe(
      "Network unreachable",
    );
    // a read that did not fail has no failure
    expect(await initialPools(config)).toBeDefined();
    expect(initialReadFailure("pools", config)).toBeUndefined();
    warn.mockRestore();
  });

  it("a read slower than the page waits fails this render, and the next render serves it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // an RPC whose first answer comes INITIAL_READ_TIMEOUT_MS + 1 s late: a proxy before anvil
    const { createServer } = await import("node:http");
    let requests = 0;
    const slow = createServer((req, res) => {
      const delay = requests++ === 0 ? INITIAL_READ_TIMEOUT_MS + 1_000 : 0;
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        setTimeout(async () => {
          const answer = await fetch(rpcUrl, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: Buffer.concat(chunks),
          });
          res.writeHead(200, { "content-type": "application/json" });
          res.end(await answer.text());
        }, delay);
      });
    });
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
    const port = (slow.address() as { port: number }).port;
    try {
      const lagging = parseServerConfig({
        RPC_URL: `http://127.0.0.1:${port}`,
        CHAIN_ID: String(chainId),
      });
      clearInitialReadCache();
      expect(await initialPools(lagging)).toBeUndefined();
      expect(initialReadFailure("pools", lagging)?.name).toBe("TimeoutError");
      // the read goes on (no render asks again meanwhile): once it answers, the failure is gone
      // and the next render serves its pools without reading the chain again
      await expect
        .poll(() => initialReadFailure("pools", lagging), { timeout: 15_000 })
        .toBeUndefined();
      const served = requests;
      expect((await initialPools(lagging))?.data).toEqual(await readPools(client, deployment));
      expect(requests).toBe(served);
    } finally {
      slow.close();
      warn.mockRestore();
    }
  });
});

describe("why a server read failed, as the cached page shows it", () => {
  it("keeps no URL of the error's text: a configured RPC or database URL may carry a key", () => {
    // not a viem error (no short message): its message would be the panel's detail
    const error = new Error(
      "request to https://base-sepolia.example.org/v2/SECRETKEY123 failed, reason: socket hang up",
      { cause: new Error("connect to postgres://app:hunter2@db.internal:5432/lending refused") },
    );
    const failure = failureOf(error);
    const copy = loadErrorCopy(failure, "chain", "Base Sepolia");
    expect(copy.title).toBe("Could not load data");
    expect(copy.detail).toBe("request to (url) failed, reason: socket hang up");
    expect(JSON.stringify(failure)).not.toMatch(/SECRETKEY123|hunter2|example\.org|db\.internal/);
    expect(failure?.cause?.message).toBe("connect to (url) refused");
  });

  it("strips a URL whose password holds quotes or brackets, and a URL as JSON escapes it", () => {
    const failure = failureOf(
      new Error(
        `connect to postgres://app:pa'ss)w@db.internal:5432/x refused; body {"url":"https:\\/\\/rpc.example.org\\/v2\\/K3Y"}`,
      ),
    );
    expect(failure?.message).toBe('connect to (url) refused; body {"url":"(url)');
    expect(JSON.stringify(failure)).not.toMatch(/ss\)w|db\.internal|K3Y|rpc\.example/);
  });

  it("keeps no host of the error's text either: a database's or an RPC's address without a scheme", () => {
    const stripped = (text: string) => failureOf(new Error(text))?.message;
    expect(stripped("connect ECONNREFUSED 10.0.0.5:5432")).toBe("connect ECONNREFUSED (host)");
    expect(stripped("connect ECONNREFUSED 127.0.0.1:8545")).toBe("connect ECONNREFUSED (host)");
    expect(stripped("connect ECONNREFUSED ::1:8545")).toBe("connect ECONNREFUSED (host)");
    expect(stripped("getaddrinfo ENOTFOUND db.internal")).toBe("getaddrinfo ENOTFOUND (host)");
    expect(stripped("connect ETIMEDOUT rpc-node-3")).toBe("connect ETIMEDOUT (host)");
    expect(stripped("connection to db.internal:5432 timed out")).toBe(
      "connection to (host) timed out",
    );
    expect(stripped("relay postgres:5432 refused the connection")).toBe(
      "relay (host) refused the connection",
    );
    expect(stripped("no answer from [fd00::5]:8545, giving up")).toBe(
      "no answer from (host), giving up",
    );
    expect(stripped("no answer from fd00::5 or 2001:db8:0:0:0:0:0:1")).toBe(
      "no answer from (host) or (host)",
    );
    expect(stripped("the server at 10.0.0.5 closed the connection.")).toBe(
      "the server at (host) closed the connection.",
    );
    // in a cause too, and in a short message: nothing of the address is left in the page
    const failure = failureOf(
      Object.assign(new Error("fetch failed"), {
        shortMessage: "Request to 10.0.0.5:8545 failed",
        cause: new Error("connect ECONNREFUSED 10.0.0.5:8545"),
      }),
    );
    expect(failure?.shortMessage).toBe("Request to (host) failed");
    expect(failure?.cause?.message).toBe("connect ECONNREFUSED (host)");
    expect(JSON.stringify(failure)).not.toMatch(/10\.0\.0\.5|8545/);
  });

  it("leaves what the lender reads useful: what failed, and the rest of the text as it was", () => {
    // another error: its text is the panel's detail, without the database's address
    const failure = failureOf(
      new Error('password authentication failed for user "app" at db.internal:5432'),
    );
    const copy = loadErrorCopy(failure, "chain", "Base Sepolia");
    expect(copy.title).toBe("Could not load data");
    expect(copy.detail).toBe('password authentication failed for user "app" at (host)');
    // text with numbers and colons that name no host is kept as it is
    for (const text of [
      'The contract function "readPools" reverted with the following reason: Pool::paused',
      "timed out after 2000 ms",
      "HTTP request failed.\n\nStatus: 503",
      "epoch 12 closes at 10:30:00 (UTC); ratio 1:2, 12.5% of 1.5 USDC",
      "Missing or invalid parameters. Version: viem@2.21.3",
    ]) {
      expect(failureOf(new Error(text))?.message).toBe(text);
    }
  });
});
