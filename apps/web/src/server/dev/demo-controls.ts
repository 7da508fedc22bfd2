/**
 * Local demo controls (chain 31337 only): move anvil's clock to the next clearing period or to the
 * next epoch, fund a wallet with test USDC, KSU and ETH from the deployer, and play a default (the
 * incident procedure of services/incidents, as `npm run ops -- default:play` runs it). Shared by
 * the dev panel's server route (app/api/dev/[action]) and `npm run ops -- time:clearing |
 * time:next-epoch | fund <address>`. No relative "@/" imports: the ops script imports this file
 * too.
 */
import { ksuAbi, ksuLockingAbi, lendingPoolManagerAbi, testUsdcAbi } from "@lending/sdk";
import type { Deployment } from "@lending/sdk/deployments";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { playDefault, type IncidentStep } from "../services/incidents";

/** The only chain the demo controls exist on. */
export const DEMO_CONTROLS_CHAIN_ID = 31337;

/** anvil account 0, the local deployer and admin (a public key: local chain only). */
export const LOCAL_DEPLOYER_PRIVATE_KEY =
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;

/** What `fund` sends to a wallet. */
export const DEMO_FUNDING = {
  usdc: parseUnits("10000", 6),
  ksu: parseUnits("1000", 18),
  eth: parseEther("10"),
} as const;

export class DemoControlsUnavailableError extends Error {
  constructor(chainId: number) {
    super(`The demo controls run on chain ${DEMO_CONTROLS_CHAIN_ID} only, not ${chainId}`);
    this.name = "DemoControlsUnavailableError";
  }
}

export type DemoControlsContext = {
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  /** Signs funding transfers; default the local deployer. */
  deployerPrivateKey?: Hex;
};

export type TimeMove = { secondsAdvanced: number; chainTime: number };

function clients(ctx: Pick<DemoControlsContext, "rpcUrl" | "chainId" | "deployerPrivateKey">) {
  if (ctx.chainId !== DEMO_CONTROLS_CHAIN_ID) throw new DemoControlsUnavailableError(ctx.chainId);
  const chain = defineChain({
    id: ctx.chainId,
    name: "Anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [ctx.rpcUrl] } },
  });
  const transport = http(ctx.rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const account = privateKeyToAccount(ctx.deployerPrivateKey ?? LOCAL_DEPLOYER_PRIVATE_KEY);
  const walletClient = createWalletClient({ account, chain, transport });
  return { publicClient, walletClient };
}

/**
 * Whether the RPC really is a local anvil on chain 31337 (its `eth_chainId` and its
 * `web3_clientVersion`), not only configured as one: a production server that forgot CHAIN_ID
 * (which defaults to the local chain) still talks to a real chain, and gets no demo controls.
 */
export async function isLocalNode(
  ctx: Pick<DemoControlsContext, "rpcUrl" | "chainId">,
): Promise<boolean> {
  const { publicClient } = clients(ctx);
  const [chainId, version] = await Promise.all([
    publicClient.getChainId(),
    publicClient.request({ method: "web3_clientVersion" }),
  ]);
  return chainId === DEMO_CONTROLS_CHAIN_ID && String(version).toLowerCase().startsWith("anvil");
}

async function advanceTo(ctx: DemoControlsContext, target: (now: bigint) => Promise<bigint>) {
  const { publicClient } = clients(ctx);
  const latest = await publicClient.getBlock({ blockTag: "latest" });
  const to = await target(latest.timestamp);
  const seconds = Number(to > latest.timestamp ? to - latest.timestamp : 0n);
  // Lands exactly on `to` (evm_increaseTime counts from the wall clock, which has moved on since
  // the latest block); anvil keeps later blocks' time running from there.
  if (seconds > 0) {
    await publicClient.request({
      method: "evm_setNextBlockTimestamp" as never,
      params: [Number(to)] as never,
    });
  }
  await publicClient.request({ method: "evm_mine" as never, params: [] as never });
  const mined = await publicClient.getBlock({ blockTag: "latest" });
  if (seconds > 0) await republishKsuPrice(ctx);
  return { secondsAdvanced: seconds, chainTime: Number(mined.timestamp) } satisfies TimeMove;
}

/**
 * The local chain has no price oracle: after a clock move the demo controls publish the KSU
 * price again (the same price), as an oracle would, so it does not go stale (`maxPriceAge`, 7
 * days) and drop every loyalty level to 0 in the middle of a demo.
 */
async function republishKsuPrice(ctx: DemoControlsContext) {
  const { publicClient, walletClient } = clients(ctx);
  const locking = { address: ctx.deployment.ksuLocking, abi: ksuLockingAbi } as const;
  const [price] = await publicClient.readContract({ ...locking, functionName: "ksuPrice" });
  if (price === 0n) return;
  const hash = await walletClient.writeContract({
    ...locking,
    functionName: "setKsuPrice",
    args: [price],
  });
  await publicClient.waitForTransactionReceipt({ hash });
}

/** Moves the chain's clock to the start of the next clearing period (the manager's view). */
export function moveToClearingPeriod(ctx: DemoControlsContext): Promise<TimeMove> {
  const { publicClient } = clients(ctx);
  return advanceTo(ctx, () =>
    publicClient.readContract({
      address: ctx.deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName: "nextClearingPeriodStart",
    }),
  );
}

/** Moves the chain's clock to the start of the next epoch (the manager's view). */
export function moveToNextEpoch(ctx: DemoControlsContext): Promise<TimeMove> {
  const { publicClient } = clients(ctx);
  return advanceTo(ctx, () =>
    publicClient.readContract({
      address: ctx.deployment.lendingPoolManager,
      abi: lendingPoolManagerAbi,
      functionName: "nextEpochStart",
    }),
  );
}

/** Sends {@link DEMO_FUNDING} to `to`: mints test USDC, transfers KSU and ETH from the deployer. */
export async function fundWallet(
  ctx: DemoControlsContext,
  to: Address,
): Promise<{ usdc: Hash; ksu: Hash; eth: Hash }> {
  const { publicClient, walletClient } = clients(ctx);
  const confirm = async (hash: Hash, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${what} reverted (tx ${hash})`);
    return hash;
  };
  // One at a time: each waits for its receipt, so the deployer's nonces stay in order.
  const usdc = await confirm(
    await walletClient.writeContract({
      address: ctx.deployment.usdc,
      abi: testUsdcAbi,
      functionName: "mint",
      args: [to, DEMO_FUNDING.usdc],
    }),
    "Minting USDC",
  );
  const ksu = await confirm(
    await walletClient.writeContract({
      address: ctx.deployment.ksu,
      abi: ksuAbi,
      functionName: "transfer",
      args: [to, DEMO_FUNDING.ksu],
    }),
    "Sending KSU",
  );
  const eth = await confirm(
    await walletClient.sendTransaction({ to, value: DEMO_FUNDING.eth }),
    "Sending ETH",
  );
  return { usdc, ksu, eth };
}

/**
 * Plays a default on `poolId` as the local pool manager (the deployer): draws the loan it loses
 * if less is drawn, opens an incident, reports a loss of `amount` (USDC, 6 decimals), clears the
 * due epochs and closes the incident. Answers the transactions in order.
 */
export async function playDemoDefault(
  ctx: DemoControlsContext,
  { poolId, amount }: { poolId: bigint; amount: bigint },
): Promise<IncidentStep[]> {
  const { publicClient, walletClient } = clients(ctx);
  return playDefault(
    {
      publicClient: publicClient as unknown as PublicClient,
      walletClient: walletClient as unknown as WalletClient,
      deployment: ctx.deployment,
      local: true,
    },
    { poolId, amount },
  );
}

type NodeContext = Pick<DemoControlsContext, "rpcUrl" | "chainId">;

const offered = new Map<string, { at: number; answer: Promise<boolean>; yes: boolean }>();

/** Forgets every answer of {@link demoControlsOffered} (tests sharing one process). */
export function clearDemoControlsOffers(): void {
  offered.clear();
}

/**
 * Whether pages offer the dev panel: configured for chain 31337 and its RPC really is anvil
 * ({@link isLocalNode}), as the demo routes require. Asked once per RPC URL and process; a "no"
 * (or an RPC that did not answer within 2 s) is asked again after a minute, so a chain started
 * after the server still gets its panel.
 */
export function demoControlsOffered(ctx: NodeContext, now = Date.now()): Promise<boolean> {
  if (ctx.chainId !== DEMO_CONTROLS_CHAIN_ID) return Promise.resolve(false);
  const hit = offered.get(ctx.rpcUrl);
  if (hit && (hit.yes || now - hit.at < 60_000)) return hit.answer;
  const entry = {
    at: now,
    yes: false,
    answer: Promise.race([
      isLocalNode(ctx).catch(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
    ]),
  };
  void entry.answer.then((yes) => {
    entry.yes = yes;
  });
  offered.set(ctx.rpcUrl, entry);
  return entry.answer;
}
