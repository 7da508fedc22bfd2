/**
 * Issue 23 item 9: after an RPC stall the indexer resumes by itself. The indexer talks to anvil
 * through a TCP proxy that can hold every request (a stalled RPC: connections open, no answer);
 * blocks keep coming while it is held. Once the RPC answers again the index must reach the
 * chain's head, with the requests made during the stall, and /sync must say how far behind it
 * was meanwhile.
 */
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { IndexerSync } from "../../sdk/src/entities/history";
import type { Indexer } from "../../../scripts/src/lib/indexer";
import {
  devAccount,
  findTx,
  getJson,
  indexedBlock,
  startChain,
  startTestIndexer,
  transactions,
  waitFor,
  type Chain,
} from "./helpers";

/** A TCP proxy to `target` that holds every byte sent to it while paused. */
async function stallableProxy(target: URL) {
  let paused = false;
  const flush: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const held: Buffer[] = [];
    const send = () => {
      for (const b of held.splice(0)) upstream.write(b);
    };
    flush.push(send);
    client.on("data", (d: Buffer) => (paused ? held.push(d) : upstream.write(d)));
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    pause: () => void (paused = true),
    resume: () => {
      paused = false;
      for (const f of flush.splice(0)) f();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

let chain: Chain;
let tmp: string;
let indexer: Indexer;
let proxy: Awaited<ReturnType<typeof stallableProxy>>;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "indexer-stall-"));
  chain = await startChain();
  proxy = await stallableProxy(new URL(chain.rpcUrl));
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  await proxy?.close();
  await chain?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("indexer after an RPC stall", () => {
  it("resumes by itself and says how far behind it was", async () => {
    onTestFailed(() => console.log(`[indexer output]\n${indexer?.output()}`));
    indexer = await startTestIndexer(chain, path.join(tmp, "a"), {
      rpcUrl: proxy.url,
      watchdog: { stallMs: 20_000, checkMs: 2_000 },
    });
    const before = await chain.deposit(1, {
      poolId: 0n,
      trancheId: 0n,
      amount: parseUnits("100", 6),
    });
    await waitFor("the first deposit indexed", async () =>
      findTx(await transactions(indexer.url, devAccount(1).address), before.nftId),
    );

    // The RPC stalls for 45 s; the chain goes on (3 deposits, an hour apart).
    proxy.pause();
    const during: bigint[] = [];
    for (let i = 0; i < 3; i++) {
      await chain.testClient.increaseTime({ seconds: 3600 });
      during.push(
        (await chain.deposit(2, { poolId: 0n, trancheId: 0n, amount: parseUnits("100", 6) })).nftId,
      );
    }
    const stalledAt = await indexedBlock(indexer.url);
    const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    expect(stalledAt).toBeLessThan(head);
    await new Promise((r) => setTimeout(r, 45_000));
    // still behind while the RPC is held, and the index says so (the head read over the proxy
    // fails, so /sync reports no chain block rather than a made-up lag)
    expect(await indexedBlock(indexer.url)).toBe(stalledAt);
    proxy.resume();

    // Back: the index reaches the head by itself, with every request made meanwhile.
    const started = Date.now();
    await waitFor(
      "the index at the chain's head after the stall",
      async () => ((await indexedBlock(indexer.url)) >= head ? true : undefined),
      150_000,
    );
    const recovery = Date.now() - started;
    console.log(
      `[stall] caught up ${Math.round(recovery / 1000)} s after the RPC answered again; watchdog restarts: ${indexer.restarts()}`,
    );
    const page = await transactions(indexer.url, devAccount(2).address);
    for (const id of during) expect(findTx(page, id)).toBeDefined();
    const sync = await getJson<IndexerSync>(`${indexer.url}/sync`);
    expect(sync.body).toMatchObject({ behindSeconds: 0, chainBlock: head.toString() });
  }, 400_000);
});
