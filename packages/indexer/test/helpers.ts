/**
 * Test helpers: a private anvil with the protocol deployed and seeded, KYC-signed deposits from
 * the dev accounts, epoch clearing, and polling the indexer's API.
 */
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  approve,
  cancelDepositRequest,
  claim,
  forceWithdrawal,
  kycAuthorizationTypedData,
  lendingPoolManagerAbi,
  MAX_UINT256,
  readKycNonce,
  requestDepositWithKyc,
  type Deployment,
} from "@lending/sdk";
import type { HistoryPage, HistoryTransaction } from "../../sdk/src/entities/history";

/** A history page with its request rows only (loss rows are left out). */
export type RequestsPage = Omit<HistoryPage, "items"> & { items: HistoryTransaction[] };
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeEventLog,
  http,
  type Hash,
  type TransactionReceipt,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import { startTestStack, type TestStack } from "../../../scripts/src/fixture";
import {
  startIndexer,
  startIndexerAndWait,
  type Indexer,
  type IndexerOptions,
} from "../../../scripts/src/lib/indexer";
import { getFreePort } from "../../../scripts/src/lib/net";

const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
export const devAccount = (index: number) =>
  mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });

const DAY = 86_400n;
const WEEK = 7n * DAY;

export type Chain = Awaited<ReturnType<typeof startChain>>;

/** A private anvil (its own port), deployed and seeded, with its deployment JSON in a temp file. */
export async function startChain() {
  const stack: TestStack = await startTestStack({ writeDeploymentFile: false });
  // unique per chain: the indexer's files run two at a time
  const deploymentFile = path.join(
    os.tmpdir(),
    `indexer-test-deployment-${process.pid}-${Date.now()}-${randomUUID()}.json`,
  );
  await writeFile(deploymentFile, JSON.stringify(stack.deployment));
  const chain = { ...anvil, id: stack.chainId };
  const transport = http(stack.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, mode: "anvil", transport });
  const wallet = (index: number) =>
    createWalletClient({ account: devAccount(index), chain, transport });
  const deployment: Deployment = stack.deployment;
  const manager = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;

  async function send(
    index: number,
    tx: { to: `0x${string}`; data: `0x${string}`; value?: bigint },
  ): Promise<TransactionReceipt> {
    const hash: Hash = await wallet(index).sendTransaction({
      to: tx.to,
      data: tx.data,
      value: tx.value,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  }

  const approved = new Set<number>();

  /** A KYC-authorised deposit from dev account `index`; returns the request's nftId. */
  async function deposit(
    index: number,
    args: {
      poolId: bigint;
      trancheId: bigint;
      amount: bigint;
      fixedTermConfigId?: bigint;
      /** the loan contract acceptance the deposit carries (LoanContractAccepted) */
      acceptanceSignature?: `0x${string}`;
    },
  ): Promise<{ nftId: bigint; receipt: TransactionReceipt }> {
    const { acceptanceSignature = "0x01", ...rest } = args;
    const full = { fixedTermConfigId: 0n, ...rest };
    const user = devAccount(index).address;
    if (!approved.has(index)) {
      await send(
        index,
        approve({
          token: deployment.usdc,
          spender: deployment.lendingPoolManager,
          amount: MAX_UINT256,
        }),
      );
      approved.add(index);
    }
    const [nonce, block] = await Promise.all([
      readKycNonce(publicClient, deployment, user),
      publicClient.getBlockNumber({ cacheTime: 0 }),
    ]);
    const blockExpiration = block + 100n;
    const signature = await devAccount(9).signTypedData(
      kycAuthorizationTypedData({
        chainId: stack.chainId,
        verifyingContract: deployment.lendingPoolManager,
        user,
        nonce,
        blockExpiration,
        ...full,
      }),
    );
    const receipt = await send(
      index,
      requestDepositWithKyc(deployment, {
        ...full,
        acceptance: { signature: acceptanceSignature, timestamp: 1_700_000_000_000n, version: 1 },
        kyc: { nonce, blockExpiration, signature },
      }),
    );
    for (const log of receipt.logs) {
      try {
        const decoded = decodeEventLog({
          abi: lendingPoolManagerAbi,
          data: log.data,
          topics: log.topics,
        });
        if (decoded.eventName === "RequestCreated") return { nftId: decoded.args.nftId, receipt };
      } catch {
        // another contract's event
      }
    }
    throw new Error("no RequestCreated in the deposit receipt");
  }

  const cancelDeposit = (index: number, poolId: bigint, nftId: bigint) =>
    send(index, cancelDepositRequest(deployment, { poolId, nftId }));
  const settle = (nftId: bigint) => send(0, claim(deployment, { nftId }));
  /** The pool manager (dev account 0, the deployer) queues `shares` of `user`'s for withdrawal. */
  const force = (args: {
    poolId: bigint;
    trancheId: bigint;
    user: `0x${string}`;
    shares: bigint;
  }) => send(0, forceWithdrawal(deployment, args));

  /** Moves time into the clearing period of `epoch` and clears `poolId` through it (keeper 0). */
  async function clearThrough(poolId: bigint, epoch: bigint) {
    const genesis = await publicClient.readContract({ ...manager, functionName: "genesis" });
    const clearingStart = genesis + epoch * WEEK + WEEK - 2n * DAY;
    const now = (await publicClient.getBlock()).timestamp;
    if (now < clearingStart) {
      await testClient.increaseTime({ seconds: Number(clearingStart - now + 60n) });
      await testClient.mine({ blocks: 1 });
    }
    for (let i = 0; i < 20; i++) {
      const state = await publicClient.readContract({
        ...manager,
        functionName: "getPoolState",
        args: [poolId],
      });
      if (state.nextEpochToClear > epoch) return;
      const hash = await wallet(0).writeContract({
        ...manager,
        functionName: "clear",
        args: [poolId],
      });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    }
    throw new Error("epoch not cleared");
  }

  /** Creates a one-tranche pool named `name` (dev account 0 is the pool manager). */
  async function createPool(name: string): Promise<bigint> {
    const poolId = await publicClient.readContract({ ...manager, functionName: "poolCount" });
    const hash = await wallet(0).writeContract({
      ...manager,
      functionName: "createPool",
      args: [
        name,
        "test pool",
        1n,
        [
          {
            name: 'Tranche "A", first',
            epochInterestRate: 2_000_000_000_000_000n,
            minimumDeposit: 1_000_000n,
            maximumDeposit: 100_000_000_000n,
            capacity: 10_000_000_000_000n,
          },
        ],
      ],
    });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return poolId;
  }

  return {
    ...stack,
    deploymentFile,
    publicClient,
    testClient,
    manager,
    send,
    deposit,
    cancelDeposit,
    settle,
    force,
    clearThrough,
    createPool,
  };
}

export async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as T };
}

/** Polls `fn` until it returns a value other than undefined (every 50 ms). */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The indexer's block (from /status). */
export async function indexedBlock(baseUrl: string): Promise<bigint> {
  const { body } = await getJson<Record<string, { block?: { number: number } }>>(
    `${baseUrl}/status`,
  );
  return BigInt(Object.values(body)[0]?.block?.number ?? -1);
}

/** Waits until the indexer has reached the chain's head block `head`. */
export function waitForBlock(baseUrl: string, head: bigint, timeoutMs = 30_000) {
  return waitFor(
    `indexer at block ${head}`,
    async () => ((await indexedBlock(baseUrl)) >= head ? true : undefined),
    timeoutMs,
  );
}

/** GET /transactions, every row (requests and losses). */
export async function history(
  baseUrl: string,
  user: string,
  page = 1,
  pageSize = 100,
): Promise<HistoryPage> {
  const { status, body } = await getJson<HistoryPage>(
    `${baseUrl}/transactions?user=${user}&page=${page}&pageSize=${pageSize}`,
  );
  if (status !== 200) throw new Error(`GET /transactions: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** GET /transactions with the request rows only (`total` still counts every row). */
export async function transactions(
  baseUrl: string,
  user: string,
  page = 1,
  pageSize = 100,
): Promise<RequestsPage> {
  const body = await history(baseUrl, user, page, pageSize);
  return {
    ...body,
    items: body.items.filter((t): t is HistoryTransaction => t.type !== "Loss"),
  };
}

export const findTx = (page: RequestsPage, nftId: bigint): HistoryTransaction | undefined =>
  page.items.find((t) => t.nftId === nftId.toString());

/**
 * How every indexer test runs Ponder (`ponder start`): on `chain`, a free port unless given, its
 * own PGlite folder `pgliteDir`, the index rebuilt from the chain unless `fresh: false`. `opts`
 * overrides any of it (the stall test's proxy RPC and watchdog).
 */
export async function indexerOptions(
  chain: Chain,
  pgliteDir: string,
  opts: Partial<IndexerOptions> = {},
): Promise<IndexerOptions> {
  return {
    port: opts.port ?? (await getFreePort()),
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    pgliteDir,
    deploymentFile: chain.deploymentFile,
    fresh: true,
    ...opts,
  };
}

/** Starts Ponder as {@link indexerOptions} says without waiting for it. */
export async function launchTestIndexer(
  chain: Chain,
  pgliteDir: string,
  opts: Partial<IndexerOptions> = {},
): Promise<Indexer> {
  return startIndexer(await indexerOptions(chain, pgliteDir, opts));
}

/** How long a test waits for Ponder to be ready: its start is slow on a loaded machine. */
export const INDEXER_READY_MS = 150_000;

/**
 * Starts Ponder as {@link indexerOptions} says and answers once it is ready (its `/ready`: the
 * backfill done); stops it again, with its output in the error, if it never gets there.
 */
export async function startTestIndexer(
  chain: Chain,
  pgliteDir: string,
  opts: Partial<IndexerOptions> = {},
): Promise<Indexer> {
  return startIndexerAndWait(await indexerOptions(chain, pgliteDir, opts), INDEXER_READY_MS);
}
