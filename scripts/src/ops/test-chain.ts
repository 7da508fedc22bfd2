/**
 * Test support for the ops commands on the shared anvil fixture (`inject("anvil")`): clients, the
 * admin wallet (anvil account 0: admin, pool manager, keeper) and a settled deposit.
 */
import { lendingPoolManagerAbi, testUsdcAbi, type Deployment } from "@lending/sdk";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEventLogs,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccount } from "../lib/dev-accounts";

export function testChain(anvil: { rpcUrl: string; chainId: number; deployment: Deployment }) {
  const { rpcUrl, chainId, deployment } = anvil;
  const chain = defineChain({
    id: chainId,
    name: "Anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({
    chain,
    transport,
    pollingInterval: 50,
  }) as PublicClient;
  const wallet = (key: Hex) =>
    createWalletClient({ account: privateKeyToAccount(key), chain, transport });
  const admin = wallet(devAccount(0).privateKey);
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
  const rpc = (method: string, params: unknown[]) =>
    publicClient.request({ method: method as never, params: params as never });

  const send = async (
    client: ReturnType<typeof wallet>,
    request: Parameters<ReturnType<typeof wallet>["writeContract"]>[0],
  ) => {
    const hash = await client.writeContract(request);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };

  /**
   * A cleared and settled deposit of `lender` (KYC set on chain by the admin) in a pool's
   * tranche; answers the lender's shares there.
   */
  async function settledPosition(
    lender: { privateKey: Hex; address: `0x${string}` },
    { pool, tranche = 0n, usdc = 100_000_000n }: { pool: bigint; tranche?: bigint; usdc?: bigint },
  ): Promise<bigint> {
    const client = wallet(lender.privateKey);
    await send(admin, { ...lpm, functionName: "setKycStatus", args: [lender.address, 1] });
    await send(client, {
      address: deployment.usdc,
      abi: testUsdcAbi,
      functionName: "approve",
      args: [deployment.lendingPoolManager, usdc],
    });
    const receipt = await send(client, {
      ...lpm,
      functionName: "requestDepositWithKyc",
      args: [
        pool,
        tranche,
        usdc,
        0n,
        { signature: "0x01", timestamp: 1n, version: 1 },
        { nonce: 0n, blockExpiration: 0n, signature: "0x" },
      ],
    });
    const [created] = parseEventLogs({
      abi: lendingPoolManagerAbi,
      eventName: "RequestCreated",
      logs: receipt.logs,
    });
    const nftId = created!.args.nftId;
    const epoch = created!.args.epoch;
    const genesis = await publicClient.readContract({ ...lpm, functionName: "genesis" });
    for (;;) {
      const state = await publicClient.readContract({
        ...lpm,
        functionName: "getPoolState",
        args: [pool],
      });
      if (state.nextEpochToClear > epoch) break;
      const opensAt = genesis + (state.nextEpochToClear + 1n) * 604_800n - 172_800n;
      const now = (await publicClient.getBlock()).timestamp;
      if (now < opensAt) await rpc("evm_setNextBlockTimestamp", [Number(opensAt)]);
      await send(admin, { ...lpm, functionName: "clear", args: [pool] });
    }
    await send(admin, { ...lpm, functionName: "settle", args: [[nftId]] });
    return publicClient.readContract({
      ...lpm,
      functionName: "sharesOf",
      args: [pool, tranche, lender.address],
    });
  }

  return { publicClient, wallet, admin, lpm, rpc, send, settledPosition, deployment };
}
