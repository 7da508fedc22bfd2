/**
 * `npx tsx scripts/src/bench-indexer.ts`: the indexer's figures for docs/benchmarks.md, on a
 * private anvil and a fresh indexer (its own PGlite):
 *  1. a lender with 1,000 requests (deposit + cancel, 2,000 transactions, sent before the indexer
 *     starts, which then backfills them): GET /transactions page 1 (pageSize 10) p50/p95 over 200
 *     sequential requests, the CSV of all 1,000 (10 runs), and the portfolio summary's chain
 *     reads for that lender (200 runs);
 *  2. event on chain -> visible in the API: 50 deposits (increases), from the mined receipt to the
 *     first GET /transactions that shows it (polled every 10 ms): median and p95;
 *  3. under load (issue 25): autocannon with BENCH_CONNECTIONS (64) connections for
 *     BENCH_SECONDS (10) s on GET /health, then on that lender's GET /transactions page 1: req/s,
 *     p50 and p99 of each, in the same run.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  approve,
  cancelDepositRequest,
  kycAuthorizationTypedData,
  MAX_UINT256,
  buildPortfolioSummary,
  readKycNonce,
  readPools,
  readUserLockingSummary,
  readUserPosition,
  requestDepositWithKyc,
  lendingPoolManagerAbi,
} from "@lending/sdk";
import { createPublicClient, createWalletClient, http, parseEventLogs, parseUnits } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { createRequire } from "node:module";
import { anvil } from "viem/chains";
import { startTestStack } from "./fixture";
import {
  startIndexer,
  waitForIndexedBlock,
  waitForIndexerReady,
  type Indexer,
} from "./lib/indexer";
import { getFreePort } from "./lib/net";

const MNEMONIC = "test test test test test test test test test test test junk";
const account = (i: number) => mnemonicToAccount(MNEMONIC, { addressIndex: i });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const LOAD_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  opts: { url: string; connections: number; duration: number },
  done: (error: Error | null, result: LoadResult) => void,
) => unknown;
const load = (url: string) =>
  new Promise<LoadResult>((resolve, reject) =>
    autocannon({ url, connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS }, (e, r) =>
      e ? reject(e) : resolve(r),
    ),
  );

const stack = await startTestStack({ writeDeploymentFile: false });
const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-indexer-"));
const deploymentFile = path.join(tmp, "deployment.json");
await writeFile(deploymentFile, JSON.stringify(stack.deployment));
let indexer: Indexer | undefined;
try {
  const chain = { ...anvil, id: stack.chainId };
  const client = createPublicClient({ chain, transport: http(stack.rpcUrl), pollingInterval: 10 });
  const d = stack.deployment;

  async function kycDeposit(index: number, amount: bigint, nonce: bigint) {
    const wallet = createWalletClient({
      account: account(index),
      chain,
      transport: http(stack.rpcUrl),
    });
    const args = { poolId: 1n, trancheId: 0n, amount, fixedTermConfigId: 0n };
    const blockExpiration = (await client.getBlockNumber({ cacheTime: 0 })) + 100_000n;
    const signature = await account(9).signTypedData(
      kycAuthorizationTypedData({
        chainId: stack.chainId,
        verifyingContract: d.lendingPoolManager,
        user: account(index).address,
        nonce,
        blockExpiration,
        ...args,
      }),
    );
    const tx = requestDepositWithKyc(d, {
      ...args,
      acceptance: { signature: "0x01", timestamp: 1_700_000_000_000n, version: 1 },
      kyc: { nonce, blockExpiration, signature },
    });
    return wallet.sendTransaction({ to: tx.to, data: tx.data });
  }
  async function approveUsdc(index: number) {
    const wallet = createWalletClient({
      account: account(index),
      chain,
      transport: http(stack.rpcUrl),
    });
    const tx = approve({ token: d.usdc, spender: d.lendingPoolManager, amount: MAX_UINT256 });
    await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: tx.to, data: tx.data }),
    });
  }

  // 2. A lender with REQUESTS requests: deposit + cancel each, sent with explicit nonces.
  const big = account(3);
  await approveUsdc(3);
  const wallet3 = createWalletClient({ account: big, chain, transport: http(stack.rpcUrl) });
  let kycNonce = await readKycNonce(client, d, big.address);
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const hash = await kycDeposit(3, parseUnits("10", 6), kycNonce++);
    const receipt = await client.waitForTransactionReceipt({
      hash,
      pollingInterval: 5,
      timeout: 600_000,
    });
    const created = parseEventLogs({
      abi: lendingPoolManagerAbi,
      logs: receipt.logs,
      eventName: "RequestCreated",
    });
    const cancel = cancelDepositRequest(d, { poolId: 1n, nftId: created[0]!.args.nftId });
    await client.waitForTransactionReceipt({
      hash: await wallet3.sendTransaction({ to: cancel.to, data: cancel.data }),
      pollingInterval: 5,
      timeout: 600_000,
    });
    if ((i + 1) % 100 === 0) console.log(`  ${i + 1} requests`);
  }
  const head = await client.getBlockNumber({ cacheTime: 0 });
  console.log(
    `${REQUESTS} requests sent in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // The indexer starts now: it backfills the 2 x REQUESTS transactions, then follows live.
  const t0 = performance.now();
  indexer = await startIndexer({
    port: await getFreePort(),
    chainId: stack.chainId,
    rpcUrl: stack.rpcUrl,
    pgliteDir: path.join(tmp, "pglite"),
    deploymentFile,
    fresh: true,
    log: (chunk) => {
      if (/WARN|ERROR/.test(chunk)) process.stderr.write(`[indexer] ${chunk}`);
    },
  });
  await waitForIndexerReady(indexer, 600_000);
  await waitForIndexedBlock(indexer, head, 600_000);
  console.log(
    `indexer backfilled ${2 * REQUESTS} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // 1. Latency: 50 increases of one request, each timed from its receipt to the API.
  const lender = account(2).address;
  await approveUsdc(2);
  const latencies: number[] = [];
  let expected = 0n;
  for (let i = 0; i < 50; i++) {
    const amount = parseUnits("10", 6);
    const nonce = await readKycNonce(client, d, lender);
    const hash = await kycDeposit(2, amount, nonce);
    await client.waitForTransactionReceipt({ hash, pollingInterval: 5, timeout: 600_000 });
    const minedAt = performance.now();
    expected += amount;
    for (;;) {
      const res = await fetch(`${indexer.url}/transactions?user=${lender}&pageSize=1`);
      const body = (await res.json()) as { items: { requestedAmount: string }[] };
      if (body.items[0]?.requestedAmount === expected.toString()) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    latencies.push(performance.now() - minedAt);
  }
  console.log(
    `event -> API: median ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (n=${latencies.length})`,
  );

  const firstPage: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const res = await fetch(`${indexer.url}/transactions?user=${big.address}&page=1&pageSize=10`);
    const body = (await res.json()) as { total: number };
    firstPage.push(performance.now() - t);
    if (body.total !== REQUESTS) throw new Error(`total ${body.total}, expected ${REQUESTS}`);
  }
  console.log(
    `GET /transactions page 1 of ${REQUESTS}: p50 ${pct(firstPage, 50).toFixed(1)} ms, p95 ${pct(firstPage, 95).toFixed(1)} ms (n=200)`,
  );
  // 3. Under load: /health and the heavy lender's first page, LOAD_CONNECTIONS connections each.
  const health = await load(`${indexer.url}/health`);
  const heavy = await load(`${indexer.url}/transactions?user=${big.address}&page=1&pageSize=10`);
  for (const [label, r] of [
    ["/health", health],
    [`/transactions page 1 of ${REQUESTS}`, heavy],
  ] as const) {
    console.log(
      `${LOAD_CONNECTIONS} connections, GET ${label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.requests.total} requests, ${r.errors + r.non2xx} errors or non-2xx`,
    );
  }
  console.log(
    `/transactions page 1 at ${(heavy.requests.average / health.requests.average).toFixed(2)}x of /health`,
  );

  const csv: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const text = await (await fetch(`${indexer.url}/transactions.csv?user=${big.address}`)).text();
    csv.push(performance.now() - t);
    if (text.split("\r\n").length !== REQUESTS + 2) throw new Error("CSV rows missing");
  }
  console.log(
    `GET /transactions.csv of ${REQUESTS}: median ${pct(csv, 50).toFixed(0)} ms, max ${Math.max(...csv).toFixed(0)} ms (n=10)`,
  );

  // The portfolio summary of the same lender: the page's three chain reads in parallel and the
  // SDK's summary (what /portfolio runs on every load and refresh).
  const summary: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const [position, pools] = await Promise.all([
      readUserPosition(client, d, big.address),
      readPools(client, d),
      readUserLockingSummary(client, d, big.address),
    ]);
    buildPortfolioSummary(position, pools);
    summary.push(performance.now() - t);
  }
  console.log(
    `portfolio summary of the lender with ${REQUESTS} requests: p50 ${pct(summary, 50).toFixed(1)} ms, p95 ${pct(summary, 95).toFixed(1)} ms (n=200)`,
  );
} finally {
  await indexer?.stop();
  await stack.stop();
  await rm(tmp, { recursive: true, force: true });
}
