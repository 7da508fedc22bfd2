import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
} from "viem";
import { readContract as viemReadContract } from "viem/actions";
import { describe, expect, it } from "vitest";
import { lendingPoolManagerAbi } from "../abi/generated";
import { devAccount, useChain } from "../test/chain";
import { manager } from "./contracts";
import { readContract } from "./readContract";

/** What a caller can tell of a failed read: its classes down the chain and the contract's error. */
async function failure(read: Promise<unknown>) {
  const error = await read.then(
    () => {
      throw new Error("the read did not fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContractFunctionExecutionError);
  const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
  return {
    zeroData: (error as BaseError).walk((e) => e instanceof ContractFunctionZeroDataError) !== null,
    errorName:
      reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined,
    args: reverted instanceof ContractFunctionRevertedError ? reverted.data?.args : undefined,
  };
}

describe("the SDK's readContract (one eth_call) reads as viem's does", () => {
  const { deployment, publicClient: client } = useChain();
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;

  it("returns the same decoded values, structs and arrays included", async () => {
    for (const read of [
      { ...lpm, functionName: "currentEpoch" },
      { ...lpm, functionName: "getPools" },
      { ...lpm, functionName: "getPoolState", args: [0n] },
    ] as const) {
      expect(await readContract(client, read as never)).toEqual(
        await viemReadContract(client, read as never),
      );
    }
    const owner = devAccount(0).address;
    const balance = { address: deployment.usdc, abi: erc20Abi, functionName: "balanceOf" } as const;
    expect(await readContract(client, { ...balance, args: [owner] })).toBe(
      await viemReadContract(client, { ...balance, args: [owner] }),
    );
  });

  it("reads at a block", async () => {
    const blockNumber = await client.getBlockNumber();
    const at = { ...lpm, functionName: "getPools", blockNumber } as const;
    expect(await readContract(client, at)).toEqual(await viemReadContract(client, at));
    // before the deployment there is no code: no data, as viem says
    const before = { ...lpm, functionName: "currentEpoch", blockNumber: 0n } as const;
    expect(await failure(readContract(client, before))).toEqual(
      await failure(viemReadContract(client, before)),
    );
    expect((await failure(readContract(client, before))).zeroData).toBe(true);
  });

  it("names the contract's error on a revert, with its arguments", async () => {
    const read = { ...lpm, functionName: "requestStatus", args: [987_654_321n] } as const;
    const ours = await failure(readContract(client, read));
    expect(ours).toEqual(await failure(viemReadContract(client, read)));
    expect(ours.errorName).toBe("RequestNotFound");
    expect(ours.args).toEqual([987_654_321n]);
  });

  it("names the revert of a read through the reads' own ABI, which holds no error", async () => {
    // the views the reads call only (abi/views.ts); the errors load with the failure (abi/errors)
    expect(manager(deployment).abi.some((item) => (item.type as string) === "error")).toBe(false);
    const read = {
      ...manager(deployment),
      functionName: "requestStatus",
      args: [987_654_321n],
    } as const;
    const ours = await failure(readContract(client, read));
    expect(ours.errorName).toBe("RequestNotFound");
    expect(ours.args).toEqual([987_654_321n]);
    expect(ours).toEqual(
      await failure(viemReadContract(client, { ...read, abi: lendingPoolManagerAbi })),
    );
  });
});
