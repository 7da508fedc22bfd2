/**
 * Keeper referral benchmark (docs/benchmarks.md, issue 24): a fresh anvil + deploy, a PGlite
 * database with one real referral (a verified lender who deposits 1,000 USDC into pool 1,
 * referred by a verified person) and J junk referral rows (throwaway wallets, no deposit), the
 * keeper with its default poll interval (1 s). Then N clearings: move the clock to the clearing
 * period and time (a) the clock move -> pool 1 cleared and (b) pool 1 cleared -> the referral
 * reward of that clearing paid (ReferralRewardPaid).
 * `npx tsx scripts/src/bench-keeper-referrals.ts [N] [J]` (default 3 clearings, 2,000 junk rows).
 */
import { lendingPoolManagerAbi, testUsdcAbi } from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  parseAbiItem,
  parseUnits,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { moveToClearingPeriod, moveToNextEpoch } from "../../apps/web/src/server/dev/demo-controls";
import { openDatabase } from "../../apps/web/src/server/db/client";
import { migrateDatabase } from "../../apps/web/src/server/db/migrate";
import { kycRecords, referrals } from "../../apps/web/src/server/db/schema";
import { startTestStack } from "./fixture";
import { parseKeeperConfig } from "./keeper/config";
import { Keeper } from "./keeper/keeper";
import { demoLenderAccounts, deployerAccount } from "./lib/dev-accounts";

const rounds = Number(process.argv[2] ?? 3);
const junk = Number(process.argv[3] ?? 2000);
const stack = await startTestStack({ writeDeploymentFile: false });
const client = createPublicClient({ chain: foundry, transport: http(stack.rpcUrl) });
const lpm = { address: stack.deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
const paidEvent = parseAbiItem(
  "event ReferralRewardPaid(address indexed referrer, uint256 indexed poolId, uint256 indexed epoch, uint256 amount)",
);
const ctx = { rpcUrl: stack.rpcUrl, chainId: 31337, deployment: stack.deployment };
const random = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

async function send(key: Hex, request: Record<string, unknown>) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: foundry,
    transport: http(stack.rpcUrl),
  });
  const hash = await wallet.writeContract(request as Parameters<typeof wallet.writeContract>[0]);
  await client.waitForTransactionReceipt({ hash });
}

const handle = await openDatabase({ pgliteDir: "memory://" });
await migrateDatabase(handle);
const lender = demoLenderAccounts[2]!;
const referrer = random();
const createdAt = new Date(Date.now() - 3_600_000);
await handle.db
  .insert(referrals)
  .values({ chainId: 31337, owner: lender.address.toLowerCase(), referrer, createdAt });
for (let i = 0; i < junk; i += 500) {
  await handle.db.insert(referrals).values(
    Array.from({ length: Math.min(500, junk - i) }, () => ({
      chainId: 31337,
      owner: random(),
      referrer: random(),
      createdAt,
    })),
  );
}
await handle.db.insert(kycRecords).values(
  [lender.address.toLowerCase(), referrer].map((address, i) => ({
    address,
    status: "Active" as const,
    entityType: "individual" as const,
    fullName: `Bench Person ${i}`,
    email: `bench${i}@example.org`,
    provider: "local",
  })),
);
await send(deployerAccount.privateKey, {
  ...lpm,
  functionName: "setKycStatus",
  args: [lender.address, 1],
});
await send(lender.privateKey, {
  address: stack.deployment.usdc,
  abi: testUsdcAbi,
  functionName: "approve",
  args: [stack.deployment.lendingPoolManager, maxUint256],
});
await send(lender.privateKey, {
  ...lpm,
  functionName: "requestDepositWithKyc",
  args: [
    1n,
    0n,
    parseUnits("10000", 6),
    0n,
    { signature: "0x", timestamp: BigInt(Date.now()), version: 1 },
    { nonce: 0n, blockExpiration: 0n, signature: "0x" },
  ],
});

const controller = new AbortController();
const keeper = new Keeper(
  parseKeeperConfig({ RPC_URL: stack.rpcUrl, CHAIN_ID: "31337" }),
  stack.deployment,
  () => {},
  { database: async () => handle.db },
);
const run = keeper.run(controller.signal);
const toClear = async () =>
  (await client.readContract({ ...lpm, functionName: "getPoolState", args: [1n] }))
    .nextEpochToClear;
const until = async (check: () => Promise<boolean>) => {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > 120_000) throw new Error("timed out after 120 s");
    await new Promise((r) => setTimeout(r, 10));
  }
};
const clearMs: number[] = [];
const payoutMs: number[] = [];
try {
  // the first clearing accepts the deposit (no interest yet): not measured
  let epoch = await toClear();
  await moveToClearingPeriod(ctx);
  await until(async () => (await toClear()) > epoch);
  for (let i = 0; i < rounds; i++) {
    await moveToNextEpoch(ctx);
    epoch = await toClear();
    const t0 = performance.now();
    await moveToClearingPeriod(ctx);
    await until(async () => (await toClear()) > epoch);
    const t1 = performance.now();
    await until(
      async () =>
        (
          await client.getLogs({
            address: stack.deployment.referralRewards!,
            event: paidEvent,
            args: { poolId: 1n, epoch },
            fromBlock: 0n,
          })
        ).length > 0,
    );
    clearMs.push(t1 - t0);
    payoutMs.push(performance.now() - t1);
  }
} finally {
  controller.abort();
  await run;
  await handle.close();
  await stack.stop();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);
console.log(
  `keeper referrals: ${junk} junk rows, ${rounds} clearings; clock move -> cleared: median ${median(clearMs).toFixed(0)} ms, max ${max(clearMs).toFixed(0)} ms; cleared -> referral paid: median ${(median(payoutMs) / 1000).toFixed(1)} s, max ${(max(payoutMs) / 1000).toFixed(1)} s`,
);
