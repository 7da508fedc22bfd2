import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ksuAbi, ksuLockingAbi, lendingPoolManagerAbi, referralRewardsAbi } from "@lending/sdk";
import { parseDeployment } from "@lending/sdk/deployments";
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnvil, type AnvilInstance } from "../lib/anvil";
import { devAccount } from "../lib/dev-accounts";
import { getFreePort } from "../lib/net";
import { paths } from "../lib/paths";
import { configuredDeploymentPath, DeployError, deploymentPath } from "./deploy";
import { parseDeployEnv, runDeploy } from "./deploy-config";

const BASE_SEPOLIA = 84532;
const deployer = devAccount(5);
const keeper = devAccount(6).address;
const treasury = devAccount(7).address;
const kycSigner = devAccount(8).address;

async function artifact(name: string): Promise<{ abi: Abi; bytecode: Hex }> {
  const file = path.join(paths.contractsOut, `${name}.sol`, `${name}.json`);
  const json = JSON.parse(await readFile(file, "utf8")) as {
    abi: Abi;
    bytecode: { object: string };
  };
  return { abi: json.abi, bytecode: json.bytecode.object as Hex };
}

describe("deploy config", () => {
  it("off the local chain requires the keys, tokens and roles, naming each", () => {
    const error = (() => {
      try {
        parseDeployEnv({ CHAIN_ID: "10", RPC_URL: "http://127.0.0.1:1" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(DeployError);
    for (const key of [
      "DEPLOYER_PRIVATE_KEY",
      "KSU_ADDRESS",
      "KEEPER_ADDRESS",
      "TREASURY_ADDRESS",
      "KYC_SIGNER_ADDRESS",
      "USDC_ADDRESS",
    ]) {
      expect(error?.message).toContain(`${key}: is required when CHAIN_ID is not 31337`);
    }
    // Base Sepolia knows Circle's USDC: USDC_ADDRESS may be left out there.
    expect(() => parseDeployEnv({ CHAIN_ID: String(BASE_SEPOLIA) })).not.toThrow(/USDC_ADDRESS/);
    expect(() => parseDeployEnv({ CHAIN_ID: "31337", USDC_ADDRESS: "0x1234" })).toThrow(
      /USDC_ADDRESS: must be a 0x-prefixed 20-byte address/,
    );
    expect(() => parseDeployEnv({ DEPLOYER_PRIVATE_KEY: "abc" })).toThrow(
      /DEPLOYER_PRIVATE_KEY: must be a 0x-prefixed 32-byte hex key/,
    );
    // The local chain needs nothing.
    expect(parseDeployEnv({}).CHAIN_ID).toBe(31337);
  });
});

describe("configuredDeploymentPath", () => {
  it("is DEPLOYMENT_FILE when set (relative to the repo root), else the SDK's record", () => {
    expect(configuredDeploymentPath(BASE_SEPOLIA, {})).toBe(deploymentPath(BASE_SEPOLIA));
    expect(configuredDeploymentPath(BASE_SEPOLIA, { DEPLOYMENT_FILE: " " })).toBe(
      deploymentPath(BASE_SEPOLIA),
    );
    expect(configuredDeploymentPath(BASE_SEPOLIA, { DEPLOYMENT_FILE: "/srv/84532.json" })).toBe(
      "/srv/84532.json",
    );
    expect(configuredDeploymentPath(BASE_SEPOLIA, { DEPLOYMENT_FILE: "deploy/84532.json" })).toBe(
      path.join(paths.root, "deploy", "84532.json"),
    );
  });
});

describe("Base Sepolia deploy, dry run on anvil (chain id 84532)", () => {
  let anvil: AnvilInstance;
  const dir = mkdtempSync(path.join(tmpdir(), "lending-deploy-"));
  let usdc: Address;
  let ksu: Address;
  const client = () =>
    createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0 }), pollingInterval: 50 });

  beforeAll(async () => {
    anvil = await startAnvil({ port: await getFreePort(), chainId: BASE_SEPOLIA });
    // The "existing" tokens: deployed by someone else before the protocol.
    const issuer = privateKeyToAccount(devAccount(3).privateKey);
    const wallet = createWalletClient({ account: issuer, transport: http(anvil.rpcUrl) });
    const publicClient = client();
    const deploy = async (name: string, args: unknown[]) => {
      const { abi, bytecode } = await artifact(name);
      const hash = await wallet.deployContract({
        abi,
        bytecode,
        args,
        chain: null,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      return getAddress(receipt.contractAddress!);
    };
    usdc = await deploy("TestUSDC", [issuer.address]);
    ksu = await deploy("KSU", ["Kasu", "KSU", issuer.address, 10n ** 27n]);
  });

  afterAll(async () => {
    await anvil?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("uses the configured USDC and KSU, writes the record, grants the keeper role, seeds nothing", async () => {
    const publicClient = client();
    const startBlock = (await publicClient.getBlockNumber()) + 1n;
    const log: string[] = [];
    const env = parseDeployEnv({
      RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(BASE_SEPOLIA),
      DEPLOYER_PRIVATE_KEY: deployer.privateKey,
      USDC_ADDRESS: usdc,
      KSU_ADDRESS: ksu,
      KEEPER_ADDRESS: keeper,
      TREASURY_ADDRESS: treasury,
      KYC_SIGNER_ADDRESS: kycSigner,
      DEPLOYMENTS_DIR: dir,
    });
    const { deployment, file } = await runDeploy(env, { log: (l) => log.push(l) });

    // A USDC that is not Circle's on Base Sepolia is allowed (a dry run) but flagged.
    expect(log.join("\n")).toContain(
      `USDC_ADDRESS ${usdc} is not Circle's USDC on chain 84532 (0x036CbD53842c5426634e7929541eC2318f3dCF7e)`,
    );
    expect(file).toBe(path.join(dir, "84532.json"));
    const record = parseDeployment(JSON.parse(readFileSync(file, "utf8")));
    expect(record).toEqual(deployment);
    expect(record.chainId).toBe(BASE_SEPOLIA);
    expect(record.usdc).toBe(usdc);
    expect(record.ksu).toBe(ksu);

    // Only the protocol's four contracts were created by transactions: no test token.
    const end = await publicClient.getBlockNumber();
    const created: Address[] = [];
    for (let n = startBlock; n <= end; n++) {
      const block = await publicClient.getBlock({ blockNumber: n, includeTransactions: true });
      for (const tx of block.transactions) {
        expect(getAddress(tx.from)).toBe(deployer.address);
        const receipt = await publicClient.getTransactionReceipt({ hash: tx.hash });
        if (receipt.contractAddress) created.push(getAddress(receipt.contractAddress));
      }
    }
    const manager = { address: record.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
    const extension = await publicClient.readContract({ ...manager, functionName: "extension" });
    expect(created.sort()).toEqual(
      [
        record.lendingPoolManager,
        record.ksuLocking,
        record.referralRewards!,
        getAddress(extension),
      ].sort(),
    );
    // referral payouts come from the configured treasury; the configured keeper pays them
    const referrals = { address: record.referralRewards!, abi: referralRewardsAbi } as const;
    expect(await publicClient.readContract({ ...referrals, functionName: "treasury" })).toBe(
      treasury,
    );
    expect(
      await publicClient.readContract({
        ...referrals,
        functionName: "hasRole",
        args: [
          await publicClient.readContract({ ...referrals, functionName: "KEEPER_ROLE" }),
          keeper,
        ],
      }),
    ).toBe(true);
    expect(await publicClient.readContract({ ...manager, functionName: "usdc" })).toBe(usdc);

    // Roles and settings: the configured keeper, treasury and KYC signer; the deployer is admin.
    const keeperRole = await publicClient.readContract({ ...manager, functionName: "KEEPER_ROLE" });
    expect(
      await publicClient.readContract({
        ...manager,
        functionName: "hasRole",
        args: [keeperRole, keeper],
      }),
    ).toBe(true);
    // the keeper publishes the KSU price: the locking contract's price setter role
    const locking = { address: record.ksuLocking, abi: ksuLockingAbi } as const;
    expect(
      await publicClient.readContract({
        ...locking,
        functionName: "hasRole",
        args: [
          await publicClient.readContract({ ...locking, functionName: "PRICE_SETTER_ROLE" }),
          keeper,
        ],
      }),
    ).toBe(true);
    expect(record.ksuUsdcPair).toBeUndefined(); // no local pair off the local chain
    expect(await publicClient.readContract({ ...manager, functionName: "treasury" })).toBe(
      treasury,
    );
    expect(await publicClient.readContract({ ...manager, functionName: "kycSigner" })).toBe(
      kycSigner,
    );
    expect(await publicClient.readContract({ ...manager, functionName: "ksuLocking" })).toBe(
      record.ksuLocking,
    );
    // No demo pools unless asked, and no KSU moved from the issuer.
    expect(await publicClient.readContract({ ...manager, functionName: "poolCount" })).toBe(0n);
    expect(
      await publicClient.readContract({
        address: ksu,
        abi: ksuAbi,
        functionName: "balanceOf",
        args: [deployer.address],
      }),
    ).toBe(0n);
  });

  it("refuses an address without a token, and a wrong chain, before deploying anything", async () => {
    const publicClient = client();
    const before = await publicClient.getTransactionCount({ address: deployer.address });
    const base = {
      RPC_URL: anvil.rpcUrl,
      DEPLOYER_PRIVATE_KEY: deployer.privateKey,
      KSU_ADDRESS: ksu,
      KEEPER_ADDRESS: keeper,
      TREASURY_ADDRESS: treasury,
      KYC_SIGNER_ADDRESS: kycSigner,
      DEPLOYMENTS_DIR: dir,
    };
    // Circle's address has no code on this anvil: the default USDC is checked, not trusted.
    await expect(
      runDeploy(parseDeployEnv({ ...base, CHAIN_ID: String(BASE_SEPOLIA) }), { log: () => {} }),
    ).rejects.toThrow(
      "USDC address 0x036CbD53842c5426634e7929541eC2318f3dCF7e has no contract on this chain.",
    );
    await expect(
      runDeploy(parseDeployEnv({ ...base, CHAIN_ID: String(BASE_SEPOLIA), USDC_ADDRESS: ksu }), {
        log: () => {},
      }),
    ).rejects.toThrow(`USDC at ${ksu} has 18 decimals, expected 6.`);
    await expect(
      runDeploy(parseDeployEnv({ ...base, CHAIN_ID: "8453", USDC_ADDRESS: usdc }), {
        log: () => {},
      }),
    ).rejects.toThrow("is chain 84532, expected 8453");
    expect(await publicClient.getTransactionCount({ address: deployer.address })).toBe(before);
  });
});
