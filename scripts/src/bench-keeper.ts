/**
 * Keeper latency benchmark (docs/benchmarks.md): a fresh anvil + deploy, the keeper with its
 * default poll interval (1 s), then N times: move the clock to the next clearing period (the
 * opening block), wait until pool 0 is cleared, record the wall time and the blocks between the
 * opening block and the clearing transaction's block. `npx tsx scripts/src/bench-keeper.ts [N]`.
 */
import { lendingPoolManagerAbi } from "@lending/sdk";
import { createPublicClient, http, parseAbiItem } from "viem";
import { foundry } from "viem/chains";
import { moveToClearingPeriod, moveToNextEpoch } from "../../apps/web/src/server/dev/demo-controls";
import { startTestStack } from "./fixture";
import { parseKeeperConfig } from "./keeper/config";
import { Keeper } from "./keeper/keeper";

const rounds = Number(process.argv[2] ?? 20);
const stack = await startTestStack({ writeDeploymentFile: false });
const client = createPublicClient({ chain: foundry, transport: http(stack.rpcUrl) });
const lpm = { address: stack.deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
const cleared = parseAbiItem(
  "event EpochCleared(uint256 indexed poolId, uint256 indexed epoch, uint256 interest, uint256 fee, uint256 withdrawalsPaid, uint256 depositsAccepted)",
);
const controller = new AbortController();
const keeper = new Keeper(
  parseKeeperConfig({ RPC_URL: stack.rpcUrl, CHAIN_ID: "31337" }),
  stack.deployment,
  () => {},
);
const run = keeper.run(controller.signal);
const ctx = { rpcUrl: stack.rpcUrl, chainId: 31337, deployment: stack.deployment };
const ms: number[] = [];
const blocks: bigint[] = [];
try {
  for (let i = 0; i < rounds; i++) {
    const before = (await client.readContract({ ...lpm, functionName: "getPoolState", args: [0n] }))
      .nextEpochToClear;
    const t0 = performance.now();
    await moveToClearingPeriod(ctx);
    const opening = await client.getBlockNumber({ cacheTime: 0 });
    for (;;) {
      const s = await client.readContract({ ...lpm, functionName: "getPoolState", args: [0n] });
      if (s.nextEpochToClear > before) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    ms.push(performance.now() - t0);
    const [log] = await client.getLogs({
      address: lpm.address,
      event: cleared,
      args: { poolId: 0n },
      fromBlock: opening,
    });
    blocks.push((log?.blockNumber ?? opening) - opening);
    await moveToNextEpoch(ctx);
  }
} finally {
  controller.abort();
  await run;
  await stack.stop();
}
ms.sort((a, b) => a - b);
const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(0);
console.log(
  `keeper: ${rounds} clearings; clock move -> pool cleared: median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms; blocks after the opening block: max ${blocks.reduce((a, b) => (b > a ? b : a), 0n)}`,
);
