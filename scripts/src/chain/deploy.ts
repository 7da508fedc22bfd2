import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  apyToEpochRate,
  ksuAbi,
  lendingPoolManagerAbi,
  referralRewardsAbi,
  testUsdcAbi,
  type Deployment,
} from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  keccak256,
  parseUnits,
  toBytes,
  type Abi,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  erc20Abi,
  parseAbi,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { uniswapV2 } from "../../../apps/web/src/server/swap/artifacts";
import { devAccount } from "../lib/dev-accounts";
import { paths } from "../lib/paths";

const DAY = 86_400;
const usdc = (amount: string) => parseUnits(amount, 6);
const ksu = (amount: string) => parseUnits(amount, 18);

/** Total KSU supply minted to the deployer. */
export const KSU_SUPPLY = ksu("1000000000");
/** KSU lock periods: 30/180/360/720 days, rKSU 0.05/0.25/0.50/1.00, launch bonus 0/0.10/0.25/0.70. */
export const LOCK_PERIODS = [
  { days: 30, rKsu: "0.05", bonus: "0" },
  { days: 180, rKsu: "0.25", bonus: "0.10" },
  { days: 360, rKsu: "0.50", bonus: "0.25" },
  { days: 720, rKsu: "1", bonus: "0.70" },
] as const;
/** Initial KSU price in USDC (6 decimals): 0.50 USDC. */
export const DEFAULT_KSU_PRICE = usdc("0.5");
/** The local KSU/USDC pair's liquidity: 1,000,000 KSU against USDC at the initial KSU price. */
export const LOCAL_PAIR_KSU = ksu("1000000");
/** What the seed puts in each pool's interest reserve and in the KSU bonus pool. */
export const SEED_INTEREST_RESERVE = usdc("250000");
export const SEED_BONUS_POOL = ksu("5000000");
/** On the local chain: anvil account 8 is the treasury, account 9 the KYC signer. */
export const LOCAL_TREASURY = devAccount(8).address;
export const LOCAL_KYC_SIGNER = devAccount(9).address;
/** Holds KEEPER_ROLE on 31337 besides the deployer: the `npm run keeper` default account. */
export const LOCAL_KEEPER = devAccount(7).address;
/** What the seed gives each dev account. */
export const SEED_USDC_PER_ACCOUNT = usdc("100000");
export const SEED_KSU_PER_ACCOUNT = ksu("10000");

/**
 * Circle's USDC per chain (Base 8453, Base Sepolia 84532): the deploy uses it when no USDC
 * address is configured there, and warns when a configured one differs.
 */
export const CIRCLE_USDC: Readonly<Record<number, Address>> = {
  8453: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  84532: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
};

/** Thrown when a deploy or seed step cannot go on (artifacts missing, wrong chain, reverted tx). */
export class DeployError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DeployError";
  }
}

function chainFor(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: chainId === 31337 ? "Anvil" : `Chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

function clients(rpcUrl: string, chainId: number, privateKey: Hex) {
  const chain = chainFor(chainId, rpcUrl);
  const account = privateKeyToAccount(privateKey);
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ account, chain, transport });
  return { account, publicClient: publicClient as PublicClient, walletClient };
}

/** Reads `contracts/out/<name>.sol/<name>.json` (run `npm run build -w @lending/contracts`). */
async function readArtifact(name: string): Promise<{ abi: Abi; bytecode: Hex }> {
  const file = path.join(paths.contractsOut, `${name}.sol`, `${name}.json`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (cause) {
    throw new DeployError(
      `Missing forge artifact ${file}: run \`npm run build -w @lending/contracts\` first.`,
      { cause },
    );
  }
  const artifact = JSON.parse(text) as { abi: Abi; bytecode?: { object?: string } };
  const object = artifact.bytecode?.object;
  if (!object || object === "0x") throw new DeployError(`Artifact ${file} has no bytecode.`);
  return {
    abi: artifact.abi,
    bytecode: (object.startsWith("0x") ? object : `0x${object}`) as Hex,
  };
}

async function confirm(publicClient: PublicClient, hash: Hash, what: string) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new DeployError(`${what} reverted (tx ${hash}).`);
  return receipt;
}

/**
 * Default epoch genesis: the start of the UTC day one day before the latest block, so the first
 * clearing period begins 3 to 4 days from now.
 */
export function defaultGenesis(latestBlockTimestamp: number): number {
  const dayAgo = latestBlockTimestamp - DAY;
  return dayAgo - (dayAgo % DAY);
}

/**
 * Deploys TestUSDC and KSU (unless `usdc` / `ksu` name existing tokens, which are checked: code at
 * the address, 6 and 18 decimals), LendingPoolManagerExtension, LendingPoolManager (which deploys its
 * RequestNFT) and KsuLocking, in that order (so addresses on a fresh anvil are the same every run),
 * from the deployer account, waiting for each receipt; then wires them: the four lock periods,
 * locking <-> manager (loyalty levels, fee sharing), treasury, KYC signer and the KSU price, and
 * grants the keeper role (clearing during clearing periods) to `keeper` (default the deployer,
 * and on 31337 also anvil account 7, the local keeper process's account), and to the same
 * account the locking contract's price setter role (the keeper publishes the KSU price). On 31337
 * with the test tokens, last, a Uniswap V2 KSU/USDC pair at the KSU price (`ksuUsdcPair`: the
 * keeper's default price source there). The deployer keeps every admin role.
 */
export async function deployProtocol(opts: {
  rpcUrl: string;
  chainId: number;
  deployerPrivateKey: Hex;
  ksuSymbol?: string;
  /** Epoch 0 start (unix seconds); default {@link defaultGenesis} of the latest block. */
  genesis?: number;
  /** Fee receiver; default anvil account 8 on 31337, else the deployer. */
  treasury?: Address;
  /** KYC authorisation signer; default anvil account 9 on 31337, else the deployer. */
  kycSigner?: Address;
  /** KSU price in USDC units (6 decimals); default {@link DEFAULT_KSU_PRICE}. */
  ksuPrice?: bigint;
  /** Receives KEEPER_ROLE (clears pools during their clearing period); default the deployer,
   * which is the ops account on 31337. */
  keeper?: Address;
  /** An existing USDC (6 decimals; e.g. {@link CIRCLE_USDC}): no TestUSDC is deployed. */
  usdc?: Address;
  /** An existing KSU token (18 decimals): no KSU is deployed. */
  ksu?: Address;
}): Promise<Deployment> {
  const { account, publicClient, walletClient } = clients(
    opts.rpcUrl,
    opts.chainId,
    opts.deployerPrivateKey,
  );
  const rpcChainId = await publicClient.getChainId();
  if (rpcChainId !== opts.chainId) {
    throw new DeployError(`${opts.rpcUrl} is chain ${rpcChainId}, expected ${opts.chainId}.`);
  }
  const local = opts.chainId === 31337;
  const treasury = opts.treasury ?? (local ? LOCAL_TREASURY : account.address);
  const kycSigner = opts.kycSigner ?? (local ? LOCAL_KYC_SIGNER : account.address);
  if (opts.usdc) await checkToken(publicClient, opts.usdc, "USDC", 6);
  if (opts.ksu) await checkToken(publicClient, opts.ksu, "KSU", 18);
  const [usdcArt, ksuArt, extArt, lpmArt, lockingArt, referralArt] = await Promise.all(
    [
      "TestUSDC",
      "KSU",
      "LendingPoolManagerExtension",
      "LendingPoolManager",
      "KsuLocking",
      "ReferralRewards",
    ].map(readArtifact),
  );

  const deploy = async (
    name: string,
    art: { abi: Abi; bytecode: Hex } | undefined,
    args: readonly unknown[],
  ) => {
    if (!art) throw new DeployError(`No artifact for ${name}.`);
    const hash = await walletClient.deployContract({ abi: art.abi, bytecode: art.bytecode, args });
    const receipt = await confirm(publicClient, hash, `Deploying ${name}`);
    if (!receipt.contractAddress) throw new DeployError(`${name}: no contract address.`);
    return { address: getAddress(receipt.contractAddress), blockNumber: receipt.blockNumber };
  };
  const send = async (what: string, request: Parameters<typeof walletClient.writeContract>[0]) =>
    confirm(publicClient, await walletClient.writeContract(request), what);

  const symbol = opts.ksuSymbol ?? "KSU";
  const usdcContract = opts.usdc
    ? { address: getAddress(opts.usdc) }
    : await deploy("TestUSDC", usdcArt, [account.address]);
  const ksuContract = opts.ksu
    ? { address: getAddress(opts.ksu) }
    : await deploy("KSU", ksuArt, [
        symbol === "KSU" ? "Kasu" : symbol,
        symbol,
        account.address,
        KSU_SUPPLY,
      ]);
  const latest = await publicClient.getBlock({ blockTag: "latest" });
  const genesis = BigInt(opts.genesis ?? defaultGenesis(Number(latest.timestamp)));
  const ext = await deploy("LendingPoolManagerExtension", extArt, [usdcContract.address, genesis]);
  const lpm = await deploy("LendingPoolManager", lpmArt, [
    account.address,
    usdcContract.address,
    genesis,
    ext.address,
  ]);
  const locking = await deploy("KsuLocking", lockingArt, [
    account.address,
    ksuContract.address,
    treasury,
    genesis,
  ]);
  const lockingAbi = lockingArt?.abi ?? [];
  const manager = { address: lpm.address, abi: lendingPoolManagerAbi } as const;
  const ksuLocking = { address: locking.address, abi: lockingAbi } as const;
  for (const p of LOCK_PERIODS) {
    await send(`Adding the ${p.days}-day lock period`, {
      ...ksuLocking,
      functionName: "addLockPeriod",
      args: [BigInt(p.days * DAY), parseUnits(p.rKsu, 18), parseUnits(p.bonus, 18)],
    });
  }
  await send("Linking locking to the manager", {
    ...ksuLocking,
    functionName: "setManager",
    args: [lpm.address],
  });
  await send("Setting the KSU price", {
    ...ksuLocking,
    functionName: "setKsuPrice",
    args: [opts.ksuPrice ?? DEFAULT_KSU_PRICE],
  });
  await send("Linking the manager to locking", {
    ...manager,
    functionName: "setKsuLocking",
    args: [locking.address],
  });
  await send("Setting the treasury", { ...manager, functionName: "setTreasury", args: [treasury] });
  await send("Setting the KYC signer", {
    ...manager,
    functionName: "setKycSigner",
    args: [kycSigner],
  });
  const keeperRole = await publicClient.readContract({ ...manager, functionName: "KEEPER_ROLE" });
  await send("Granting the keeper role", {
    ...manager,
    functionName: "grantRole",
    args: [keeperRole, opts.keeper ?? account.address],
  });
  if (local && !opts.keeper) {
    // The local keeper process signs with its own account (anvil 7), so its nonces never race
    // the deployer's (ops commands, the dev panel).
    await send("Granting the keeper role to the local keeper", {
      ...manager,
      functionName: "grantRole",
      args: [keeperRole, LOCAL_KEEPER],
    });
  }
  const requestNft = await publicClient.readContract({ ...manager, functionName: "requestNft" });
  // Referral rewards: paid by the keeper from the treasury's USDC, within the allowance the
  // treasury gives this contract (the seed approves on the local chain; see the deploy doc).
  const referrals = await deploy("ReferralRewards", referralArt, [
    usdcContract.address,
    treasury,
    account.address,
    opts.keeper ?? account.address,
  ]);
  // A (pool, epoch) pays its referrers at most half the fee its clearing recorded on chain.
  await send("Bounding referral payouts by the manager's recorded fees", {
    address: referrals.address,
    abi: referralRewardsAbi,
    functionName: "setFeeSource",
    args: [manager.address],
  });
  if (local && !opts.keeper) {
    await send("Granting the referral keeper role to the local keeper", {
      address: referrals.address,
      abi: referralRewardsAbi,
      functionName: "grantRole",
      args: [keccak256(toBytes("KEEPER_ROLE")), LOCAL_KEEPER],
    });
  }

  // The keeper publishes the KSU price from its source (KSU_PRICE_SOURCE): only the price
  // setter role (the deployer holds it from the constructor).
  const priceSetterRole = keccak256(toBytes("PRICE_SETTER_ROLE"));
  const priceKeepers = [
    ...(opts.keeper && getAddress(opts.keeper) !== account.address ? [opts.keeper] : []),
    ...(local && !opts.keeper ? [LOCAL_KEEPER] : []),
  ];
  for (const keeper of priceKeepers) {
    await send("Granting the price setter role to the keeper", {
      ...ksuLocking,
      functionName: "grantRole",
      args: [priceSetterRole, keeper],
    });
  }
  // Local chain with the test tokens: a KSU/USDC pool, the keeper's default price source (on
  // Base the keeper's KSU_PRICE_SOURCE names a real pool or feed). After every protocol
  // contract, so their addresses do not move.
  const ksuUsdcPair =
    local && !opts.usdc && !opts.ksu
      ? await createLocalKsuPair({
          publicClient,
          walletClient,
          usdc: usdcContract.address,
          ksu: ksuContract.address,
          priceUsdc6: opts.ksuPrice ?? DEFAULT_KSU_PRICE,
        })
      : undefined;

  return {
    chainId: opts.chainId,
    lendingPoolManager: lpm.address,
    usdc: usdcContract.address,
    ksu: ksuContract.address,
    ksuLocking: locking.address,
    requestNft: getAddress(requestNft),
    deployBlock: Number(lpm.blockNumber),
    referralRewards: referrals.address,
    ...(ksuUsdcPair ? { ksuUsdcPair } : {}),
  };
}

const uniswapFactoryAbi = parseAbi([
  "function createPair(address tokenA, address tokenB) returns (address pair)",
  "function getPair(address, address) view returns (address)",
]);
const uniswapPairAbi = parseAbi(["function mint(address to) returns (uint256 liquidity)"]);

/**
 * Deploys a Uniswap V2 factory and a KSU/USDC pair holding {@link LOCAL_PAIR_KSU} against USDC
 * at `priceUsdc6` per KSU (the deployer mints the test USDC and holds the KSU supply; the LP
 * tokens go to the deployer). Returns the pair.
 */
async function createLocalKsuPair(args: {
  publicClient: PublicClient;
  walletClient: ReturnType<typeof clients>["walletClient"];
  usdc: Address;
  ksu: Address;
  priceUsdc6: bigint;
}): Promise<Address> {
  const { publicClient, walletClient } = args;
  const owner = walletClient.account.address;
  const send = async (what: string, request: Parameters<typeof walletClient.writeContract>[0]) =>
    confirm(publicClient, await walletClient.writeContract(request), what);
  const deployed = await confirm(
    publicClient,
    await walletClient.deployContract({
      abi: uniswapV2.factory.abi,
      bytecode: uniswapV2.factory.bytecode,
      args: [owner],
    }),
    "Deploying the local Uniswap V2 factory",
  );
  const factory = { address: deployed.contractAddress!, abi: uniswapFactoryAbi } as const;
  await send("Creating the KSU/USDC pair", {
    ...factory,
    functionName: "createPair",
    args: [args.ksu, args.usdc],
  });
  const pair = getAddress(
    await publicClient.readContract({
      ...factory,
      functionName: "getPair",
      args: [args.ksu, args.usdc],
    }),
  );
  const usdcAmount = (LOCAL_PAIR_KSU * args.priceUsdc6) / 10n ** 18n;
  await send("Minting USDC to the KSU/USDC pair", {
    address: args.usdc,
    abi: testUsdcAbi,
    functionName: "mint",
    args: [pair, usdcAmount],
  });
  await send("Sending KSU to the KSU/USDC pair", {
    address: args.ksu,
    abi: ksuAbi,
    functionName: "transfer",
    args: [pair, LOCAL_PAIR_KSU],
  });
  await send("Adding the KSU/USDC liquidity", {
    address: pair,
    abi: uniswapPairAbi,
    functionName: "mint",
    args: [owner],
  });
  return pair;
}

/** Checks `address` holds a contract answering `decimals()` with `decimals`. */
async function checkToken(
  publicClient: PublicClient,
  address: Address,
  name: string,
  decimals: number,
): Promise<void> {
  const code = await publicClient.getCode({ address });
  if (!code || code === "0x") {
    throw new DeployError(`${name} address ${address} has no contract on this chain.`);
  }
  const actual = await publicClient
    .readContract({ address, abi: erc20Abi, functionName: "decimals" })
    .catch((cause: unknown) => {
      throw new DeployError(`${name} at ${address} does not answer decimals(): not a token?`, {
        cause,
      });
    });
  if (actual !== decimals) {
    throw new DeployError(`${name} at ${address} has ${actual} decimals, expected ${decimals}.`);
  }
}

/** The SDK's deployment records: packages/sdk/src/deployments. */
export const DEFAULT_DEPLOYMENTS_DIR = path.join(paths.sdk, "src", "deployments");

/** Path of a chain's deployment record (in the SDK, or in `dir`). */
export function deploymentPath(chainId: number, dir: string = DEFAULT_DEPLOYMENTS_DIR): string {
  return path.join(dir, `${chainId}.json`);
}

/**
 * The deployment record the keeper, the ops CLI and the web server read: DEPLOYMENT_FILE when set
 * (a deployment the SDK was not built with), else the SDK's record of `chainId`.
 */
export function configuredDeploymentPath(
  chainId: number,
  env: Record<string, string | undefined> = process.env,
): string {
  const file = env.DEPLOYMENT_FILE?.trim();
  return file ? path.resolve(paths.root, file) : deploymentPath(chainId);
}

/**
 * Writes packages/sdk/src/deployments/<chainId>.json (pretty JSON), only when its content changes,
 * so watchers (Next dev, vitest) do not reload for nothing.
 */
export async function writeDeployment(d: Deployment, dir?: string): Promise<string> {
  const record: Deployment = {
    chainId: d.chainId,
    lendingPoolManager: d.lendingPoolManager,
    usdc: d.usdc,
    ksu: d.ksu,
    ksuLocking: d.ksuLocking,
    requestNft: d.requestNft,
    deployBlock: d.deployBlock,
    ...(d.referralRewards ? { referralRewards: d.referralRewards } : {}),
    ...(d.ksuUsdcPair ? { ksuUsdcPair: d.ksuUsdcPair } : {}),
  };
  const content = `${JSON.stringify(record, null, 2)}\n`;
  const file = deploymentPath(d.chainId, dir);
  const current = await readFile(file, "utf8").catch(() => undefined);
  if (current !== content) {
    // through a temporary file: the test stacks of `npm test` start side by side, and one must
    // never read another's half-written record
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, content);
    await rename(tmp, file);
  }
  return file;
}

type TrancheSeed = {
  name: string;
  apy: number;
  minimumDeposit: bigint;
  maximumDeposit: bigint;
  capacity: bigint;
};

type FixedTermSeed = {
  trancheId: bigint;
  apy: number;
  epochLockDuration: bigint;
  status: "Everyone" | "Allowlist";
  /** For "Allowlist": indexes into `devAccounts`. */
  allowlist?: number[];
};

type PoolSeed = {
  name: string;
  subheading: string;
  requestEpochsInAdvance: bigint;
  tranches: TrancheSeed[];
  fixedTerms: FixedTermSeed[];
};

/** The demo pools of the local chain. */
export const DEMO_POOLS: readonly PoolSeed[] = [
  {
    name: "Harbour Invoice Finance",
    subheading:
      "Short-term working capital for Australian SMEs, secured by invoices to creditworthy buyers.",
    requestEpochsInAdvance: 1n,
    tranches: [
      {
        name: "Junior",
        apy: 0.18,
        minimumDeposit: usdc("100"),
        maximumDeposit: usdc("100000"),
        capacity: usdc("1000000"),
      },
      {
        name: "Mezzanine",
        apy: 0.14,
        minimumDeposit: usdc("100"),
        maximumDeposit: usdc("100000"),
        capacity: usdc("2000000"),
      },
      {
        name: "Senior",
        apy: 0.1,
        minimumDeposit: usdc("100"),
        maximumDeposit: usdc("100000"),
        capacity: usdc("5000000"),
      },
    ],
    fixedTerms: [
      { trancheId: 2n, apy: 0.12, epochLockDuration: 26n, status: "Everyone" },
      { trancheId: 1n, apy: 0.16, epochLockDuration: 52n, status: "Allowlist", allowlist: [0] },
    ],
  },
  {
    name: "Cash Management Fund",
    subheading: "Liquid, lower-risk lending against short-dated trade receivables.",
    requestEpochsInAdvance: 1n,
    tranches: [
      {
        name: "Senior",
        apy: 0.07,
        minimumDeposit: usdc("10"),
        maximumDeposit: usdc("250000"),
        capacity: usdc("10000000"),
      },
    ],
    // A short term, so a demo lender sees a fixed loan end within minutes (dev panel).
    fixedTerms: [{ trancheId: 0n, apy: 0.08, epochLockDuration: 2n, status: "Everyone" }],
  },
];

const STATUS_CODE = { Everyone: 1, Allowlist: 2 } as const;

/**
 * Seeds demo data: the {@link DEMO_POOLS} (skipped if the deployment already has pools), their
 * fixed-term configs (the Allowlist one lists `devAccounts[0]`), an interest reserve per pool
 * ({@link SEED_INTEREST_RESERVE}, so clearing pays interest), the KSU bonus pool
 * ({@link SEED_BONUS_POOL}), and 100,000 USDC plus 10,000 KSU for each dev account (those last
 * three only with the test tokens). Sends one transaction at a time and waits for each receipt.
 */
export async function seedDemo(opts: {
  rpcUrl: string;
  deployment: Deployment;
  deployerPrivateKey: Hex;
  devAccounts: Address[];
  /** The deployment's USDC and KSU are this repo's test tokens (default true): mint and fund.
   * With existing tokens only the pools and their fixed-term configs are created. */
  testTokens?: boolean;
}): Promise<void> {
  const { deployment, devAccounts } = opts;
  const { publicClient, walletClient } = clients(
    opts.rpcUrl,
    deployment.chainId,
    opts.deployerPrivateKey,
  );
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;

  const poolCount = await publicClient.readContract({ ...lpm, functionName: "poolCount" });
  if (poolCount === 0n) {
    for (const [index, pool] of DEMO_POOLS.entries()) {
      const poolId = BigInt(index);
      const hash = await walletClient.writeContract({
        ...lpm,
        functionName: "createPool",
        args: [
          pool.name,
          pool.subheading,
          pool.requestEpochsInAdvance,
          pool.tranches.map((t) => ({
            name: t.name,
            epochInterestRate: apyToEpochRate(t.apy),
            minimumDeposit: t.minimumDeposit,
            maximumDeposit: t.maximumDeposit,
            capacity: t.capacity,
          })),
        ],
      });
      await confirm(publicClient, hash, `Creating pool ${pool.name}`);

      for (const fixed of pool.fixedTerms) {
        const { request, result: configId } = await publicClient.simulateContract({
          ...lpm,
          account: walletClient.account,
          functionName: "addFixedTermConfig",
          args: [
            poolId,
            fixed.trancheId,
            apyToEpochRate(fixed.apy),
            fixed.epochLockDuration,
            STATUS_CODE[fixed.status],
          ],
        });
        const addHash = await walletClient.writeContract(request);
        await confirm(publicClient, addHash, `Adding a fixed-term config to ${pool.name}`);
        for (const accountIndex of fixed.allowlist ?? []) {
          const user = devAccounts[accountIndex];
          if (!user) continue;
          const allowHash = await walletClient.writeContract({
            ...lpm,
            functionName: "setFixedTermAllowlist",
            args: [poolId, fixed.trancheId, configId, user, true],
          });
          await confirm(publicClient, allowHash, `Allowlisting ${user}`);
        }
      }
    }
  }

  if (opts.testTokens === false) return;
  for (const user of devAccounts) {
    const mintHash = await walletClient.writeContract({
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: "mint",
      args: [user, SEED_USDC_PER_ACCOUNT],
    });
    await confirm(publicClient, mintHash, `Minting USDC to ${user}`);
    const ksuHash = await walletClient.writeContract({
      address: deployment.ksu,
      abi: ksuAbi,
      functionName: "transfer",
      args: [user, SEED_KSU_PER_ACCOUNT],
    });
    await confirm(publicClient, ksuHash, `Sending KSU to ${user}`);
  }

  await fundReserves(publicClient, walletClient, deployment);
  if (deployment.referralRewards && deployment.chainId === 31337) {
    await fundReferralPayouts(opts.rpcUrl, deployment);
  }
}

/** USDC the local treasury holds for referral payouts. */
export const SEED_TREASURY_USDC = parseUnits("100000", 6);

/**
 * Local chain: the treasury (anvil account 8, a public key) gets USDC and approves the referral
 * rewards contract, which pays referrers from it (on Base the treasury's owner gives an allowance:
 * docs/deploy-base-sepolia.md). Skipped when already approved.
 */
async function fundReferralPayouts(rpcUrl: string, deployment: Deployment): Promise<void> {
  const treasury = clients(rpcUrl, deployment.chainId, devAccount(8).privateKey);
  const deployer = clients(rpcUrl, deployment.chainId, devAccount(0).privateKey);
  const spender = deployment.referralRewards!;
  const allowance = await treasury.publicClient.readContract({
    address: deployment.usdc,
    abi: erc20Abi,
    functionName: "allowance",
    args: [treasury.account.address, spender],
  });
  if (allowance > 0n) return;
  await confirm(
    deployer.publicClient,
    await deployer.walletClient.writeContract({
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: "mint",
      args: [treasury.account.address, SEED_TREASURY_USDC],
    }),
    "Funding the treasury for referral payouts",
  );
  await confirm(
    treasury.publicClient,
    await treasury.walletClient.writeContract({
      address: deployment.usdc,
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, 2n ** 256n - 1n],
    }),
    "Approving referral payouts from the treasury",
  );
}

/** Funds each pool's interest reserve (if empty) and the KSU bonus pool (if empty). */
async function fundReserves(
  publicClient: PublicClient,
  walletClient: ReturnType<typeof clients>["walletClient"],
  deployment: Deployment,
): Promise<void> {
  const owner = walletClient.account.address;
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const send = async (what: string, request: Parameters<typeof walletClient.writeContract>[0]) =>
    confirm(publicClient, await walletClient.writeContract(request), what);
  const poolCount = await publicClient.readContract({ ...lpm, functionName: "poolCount" });
  for (let poolId = 0n; poolId < poolCount; poolId++) {
    const state = await publicClient.readContract({
      ...lpm,
      functionName: "getPoolState",
      args: [poolId],
    });
    if (state.interestReserve > 0n) continue;
    await send("Minting the interest reserve", {
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: "mint",
      args: [owner, SEED_INTEREST_RESERVE],
    });
    await send("Approving USDC", {
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: "approve",
      args: [deployment.lendingPoolManager, SEED_INTEREST_RESERVE],
    });
    await send(`Funding pool ${poolId}'s interest reserve`, {
      ...lpm,
      functionName: "repay",
      args: [poolId, 0n, SEED_INTEREST_RESERVE],
    });
  }
  const { abi: lockingAbi } = await readArtifact("KsuLocking");
  const locking = { address: deployment.ksuLocking, abi: lockingAbi } as const;
  const bonusPool = (await publicClient.readContract({
    ...locking,
    functionName: "bonusPool",
  })) as bigint;
  if (bonusPool > 0n) return;
  await send("Approving KSU", {
    address: deployment.ksu,
    abi: ksuAbi,
    functionName: "approve",
    args: [deployment.ksuLocking, SEED_BONUS_POOL],
  });
  await send("Funding the KSU bonus pool", {
    ...locking,
    functionName: "fundBonusPool",
    args: [SEED_BONUS_POOL],
  });
}

/**
 * Local chain only: deploys the test partner NFT collection (`TestNft`) and mints one token to
 * each of `holders` (the NFT detected modal: `NFT_COLLECTION_ADDRESS`). Deployed after the
 * protocol, so the protocol's deterministic addresses are unchanged.
 */
export async function deployTestNft(args: {
  rpcUrl: string;
  chainId?: number;
  deployerPrivateKey: Hex;
  holders: readonly Address[];
}): Promise<Address> {
  const { publicClient, walletClient, account } = clients(
    args.rpcUrl,
    args.chainId ?? 31337,
    args.deployerPrivateKey,
  );
  const art = await readArtifact("TestNft");
  const hash = await walletClient.deployContract({
    abi: art.abi,
    bytecode: art.bytecode,
    account,
    chain: walletClient.chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const address = receipt.contractAddress;
  if (!address) throw new DeployError("TestNft deployment failed");
  for (const holder of args.holders) {
    const minted = await walletClient.writeContract({
      address,
      abi: art.abi,
      functionName: "mint",
      args: [holder],
      account,
      chain: walletClient.chain,
    });
    const r = await publicClient.waitForTransactionReceipt({ hash: minted });
    if (r.status !== "success") throw new DeployError(`Minting a test NFT to ${holder} reverted`);
  }
  return address;
}
