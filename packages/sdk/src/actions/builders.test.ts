import {
  decodeFunctionData,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  hashTypedData,
  keccak256,
  toFunctionSelector,
  zeroAddress,
  type Address,
} from "viem";
import { describe, expect, it } from "vitest";
import { ksuLockingAbi, lendingPoolManagerAbi } from "../abi/generated";
import { getDeployment } from "../deployments";
import {
  EmptySettleBatchError,
  InvalidAddressError,
  InvalidAmountError,
  InvalidSwapQuoteError,
  NoSharesToWithdrawError,
  SettleBatchTooLargeError,
} from "../errors";
import { parseSmallestUnit } from "./amounts";
import { kycAuthorizationTypedData, kycCallDataHash } from "./kyc";
import {
  buildWithdrawalInUSDC,
  cancelDepositRequest,
  cancelRequestOrPart,
  cancelRequestPart,
  cancelWithdrawalRequest,
  claim,
  claimDeferredPayout,
  forceWithdrawal,
  lockDepositForFixedTerm,
  releaseFixedTermLock,
  requestDepositWithKyc,
  requestWithdrawal,
  requestWithdrawalMax,
  settle,
  withdrawAtExpiry,
} from "./lending";
import { claimBonus, claimFees, lock, unlock } from "./locking";
import { buildDepositSwapData } from "./swap";
import { approve, MAX_UINT256 } from "./tokens";
import type { TransactionRequest } from "./types";

const deployment = getDeployment(31337);
const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const acceptance = { signature: "0x1234" as const, timestamp: 1_700_000_000_000n, version: 3 };
const kyc = { nonce: 2n, blockExpiration: 99n, signature: "0xabcd" as const };

const decodeManager = (tx: TransactionRequest) => {
  expect(tx.to).toBe(deployment.lendingPoolManager);
  expect(tx.value).toBe(0n);
  return decodeFunctionData({ abi: lendingPoolManagerAbi, data: tx.data });
};

describe("pure builders: calldata decodes back to the arguments", () => {
  it("approve targets the token, MAX_UINT256 is 2^256 - 1", () => {
    const tx = approve({
      token: deployment.usdc,
      spender: deployment.lendingPoolManager,
      amount: MAX_UINT256,
    });
    expect(MAX_UINT256).toBe(2n ** 256n - 1n);
    expect(tx.to).toBe(deployment.usdc);
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data })).toEqual({
      functionName: "approve",
      args: [deployment.lendingPoolManager, MAX_UINT256],
    });
    expect(tx.description).toEqual({
      action: "approve",
      token: deployment.usdc,
      spender: deployment.lendingPoolManager,
      amount: MAX_UINT256,
    });
    expect(() => approve({ token: deployment.usdc, spender: USER, amount: 0n })).toThrow(
      InvalidAmountError,
    );
  });

  it("requestDepositWithKyc", () => {
    const tx = requestDepositWithKyc(deployment, {
      poolId: 0n,
      trancheId: 2n,
      amount: 1_000_000_000n,
      fixedTermConfigId: 1n,
      acceptance,
      kyc,
    });
    expect(decodeManager(tx)).toEqual({
      functionName: "requestDepositWithKyc",
      args: [0n, 2n, 1_000_000_000n, 1n, acceptance, kyc],
    });
    expect(tx.description).toEqual({
      action: "requestDepositWithKyc",
      poolId: 0n,
      trancheId: 2n,
      amount: 1_000_000_000n,
      fixedTermConfigId: 1n,
    });
    const zero = () =>
      requestDepositWithKyc(deployment, {
        poolId: 0n,
        trancheId: 2n,
        amount: 0n,
        fixedTermConfigId: 0n,
        acceptance,
        kyc,
      });
    expect(zero).toThrow(InvalidAmountError);
  });

  it("cancels, fixed terms, claim and settle", () => {
    const cases: [TransactionRequest, string, unknown[]][] = [
      [
        cancelDepositRequest(deployment, { poolId: 1n, nftId: 7n }),
        "cancelDepositRequest",
        [1n, 7n],
      ],
      [
        cancelWithdrawalRequest(deployment, { poolId: 0n, nftId: 8n }),
        "cancelWithdrawalRequest",
        [0n, 8n],
      ],
      [
        cancelRequestPart(deployment, { poolId: 0n, nftId: 8n, amount: 5n }),
        "cancelRequestPart",
        [0n, 8n, 5n],
      ],
      [
        lockDepositForFixedTerm(deployment, {
          poolId: 0n,
          trancheId: 2n,
          amount: 5n,
          configId: 1n,
        }),
        "lockDepositForFixedTerm",
        [0n, 2n, 5n, 1n],
      ],
      [withdrawAtExpiry(deployment, { poolId: 0n, lockId: 3n }), "withdrawAtExpiry", [0n, 3n]],
      [releaseFixedTermLock(deployment, { lockId: 3n }), "releaseFixedTermLock", [3n]],
      [claim(deployment, { nftId: 9n }), "claim", [9n]],
      [settle(deployment, { nftIds: [1n, 2n] }), "settle", [[1n, 2n]]],
    ];
    for (const [tx, functionName, args] of cases) {
      expect(decodeManager(tx)).toEqual({ functionName, args });
      expect(tx.description.action).toBe(functionName);
    }
    // A row of a merged request: only its part, unless it is all that is left on chain.
    const row = { poolId: 0n, nftId: 8n, part: 5n };
    expect(
      decodeManager(
        cancelRequestOrPart(deployment, { ...row, kind: "Withdrawal", requestAmount: 15n }),
      ),
    ).toEqual({ functionName: "cancelRequestPart", args: [0n, 8n, 5n] });
    expect(
      decodeManager(
        cancelRequestOrPart(deployment, { ...row, kind: "Withdrawal", requestAmount: 5n }),
      ),
    ).toEqual({ functionName: "cancelWithdrawalRequest", args: [0n, 8n] });
    expect(
      decodeManager(
        cancelRequestOrPart(deployment, { ...row, kind: "Deposit", part: null, requestAmount: 9n }),
      ),
    ).toEqual({ functionName: "cancelDepositRequest", args: [0n, 8n] });
    expect(() => cancelRequestPart(deployment, { poolId: 0n, nftId: 8n, amount: 0n })).toThrow(
      InvalidAmountError,
    );
    // No receiver argument: deferred payouts go to the caller only.
    const deferred = claimDeferredPayout(deployment);
    expect(decodeManager(deferred).functionName).toBe("claimDeferredPayout");
    expect(deferred.data).toBe(toFunctionSelector("claimDeferredPayout()"));
    expect(deferred.description).toEqual({ action: "claimDeferredPayout" });
    expect(() => settle(deployment, { nftIds: [] })).toThrow(EmptySettleBatchError);
    const many = Array.from({ length: 101 }, (_, i) => BigInt(i + 1));
    expect(() => settle(deployment, { nftIds: many })).toThrow(SettleBatchTooLargeError);
    expect(() =>
      lockDepositForFixedTerm(deployment, { poolId: 0n, trancheId: 2n, amount: -1n, configId: 1n }),
    ).toThrow(InvalidAmountError);
  });

  it("forceWithdrawal encodes the pool manager's call for the lender and checks its input", () => {
    const user: Address = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    const tx = forceWithdrawal(deployment, { poolId: 0n, trancheId: 1n, user, shares: 5n });
    expect(tx.to).toBe(deployment.lendingPoolManager);
    expect(decodeManager(tx)).toEqual({
      functionName: "forceWithdrawal",
      args: [0n, 1n, getAddress(user), 5n],
    });
    expect(tx.description).toEqual({
      action: "forceWithdrawal",
      poolId: 0n,
      trancheId: 1n,
      user: getAddress(user),
      shares: 5n,
    });
    const args = { poolId: 0n, trancheId: 1n, user, shares: 5n };
    expect(() => forceWithdrawal(deployment, { ...args, shares: 0n })).toThrow(InvalidAmountError);
    expect(() => forceWithdrawal(deployment, { ...args, poolId: -1n })).toThrow(InvalidAmountError);
    expect(() => forceWithdrawal(deployment, { ...args, user: zeroAddress })).toThrow(
      InvalidAddressError,
    );
    expect(() => forceWithdrawal(deployment, { ...args, user: "0x1234" as Address })).toThrow(
      InvalidAddressError,
    );
  });

  it("withdrawals: plain, max and in USDC all encode requestWithdrawal(shares)", () => {
    const args = { poolId: 0n, trancheId: 2n, shares: 10n ** 15n };
    for (const tx of [
      requestWithdrawal(deployment, args),
      requestWithdrawalMax(deployment, args),
      buildWithdrawalInUSDC(deployment, { ...args, amount: 1_000n }),
    ]) {
      expect(decodeManager(tx)).toEqual({
        functionName: "requestWithdrawal",
        args: [0n, 2n, 10n ** 15n],
      });
    }
    expect(requestWithdrawalMax(deployment, args).description.action).toBe("requestWithdrawalMax");
    expect(() => requestWithdrawalMax(deployment, { ...args, shares: 0n })).toThrow(
      NoSharesToWithdrawError,
    );
    expect(parseSmallestUnit("amount", "1500000")).toBe(1_500_000n);
    for (const bad of ["", "1.5", "-1", "0", "1e6"]) {
      expect(() => parseSmallestUnit("amount", bad)).toThrow(InvalidAmountError);
    }
  });

  it("lock, unlock and claims target the locking contract", () => {
    const cases: [TransactionRequest, string, unknown[] | undefined][] = [
      [lock(deployment, { amount: 10n ** 21n, lockPeriodId: 2n }), "lock", [10n ** 21n, 2n]],
      [unlock(deployment, { amount: 5n, lockId: 0n }), "unlock", [5n, 0n]],
      [claimFees(deployment), "claimFees", undefined],
      [claimBonus(deployment), "claimBonus", undefined],
    ];
    for (const [tx, functionName, args] of cases) {
      expect(tx.to).toBe(deployment.ksuLocking);
      const decoded = decodeFunctionData({ abi: ksuLockingAbi, data: tx.data });
      expect(decoded.functionName).toBe(functionName);
      expect(decoded.args).toEqual(args);
    }
    expect(() => lock(deployment, { amount: 0n, lockPeriodId: 1n })).toThrow(InvalidAmountError);
  });

  it("buildDepositSwapData returns the quoted swap then the deposit", () => {
    const quote = { to: USER, data: "0xdeadbeef" as const, value: 10n ** 17n };
    const deposit = {
      poolId: 0n,
      trancheId: 2n,
      amount: 300_000_000n,
      fixedTermConfigId: 0n,
      acceptance,
      kyc,
    };
    const { swap, deposit: depositTx } = buildDepositSwapData(deployment, {
      quote,
      fromToken: null,
      fromAmount: 10n ** 17n,
      minimumUsdcOut: 310_000_000n,
      deposit,
    });
    expect(swap).toMatchObject({ to: USER, data: "0xdeadbeef", value: 10n ** 17n });
    expect(swap.description).toEqual({
      action: "swap",
      fromToken: null,
      fromAmount: 10n ** 17n,
      minimumUsdcOut: 310_000_000n,
    });
    expect(depositTx).toEqual(requestDepositWithKyc(deployment, deposit));
    expect(() =>
      buildDepositSwapData(deployment, {
        quote: { ...quote, data: "0x" },
        fromToken: null,
        fromAmount: 1n,
        minimumUsdcOut: 1n,
        deposit,
      }),
    ).toThrow(InvalidSwapQuoteError);
  });

  it("kycAuthorizationTypedData matches the contract's type string and call data hash", () => {
    const args = { poolId: 0n, trancheId: 2n, amount: 10n ** 8n, fixedTermConfigId: 0n };
    expect(kycCallDataHash(args)).toBe(
      keccak256(
        encodeAbiParameters(
          [{ type: "uint256" }, { type: "uint256" }, { type: "uint256" }, { type: "uint256" }],
          [0n, 2n, 10n ** 8n, 0n],
        ),
      ),
    );
    const typed = kycAuthorizationTypedData({
      chainId: 31337,
      verifyingContract: deployment.lendingPoolManager,
      user: USER,
      nonce: 0n,
      blockExpiration: 100n,
      ...args,
    });
    expect(typed.domain).toEqual({
      name: "LendingPoolManager",
      version: "1",
      chainId: 31337,
      verifyingContract: deployment.lendingPoolManager,
    });
    expect(typed.message.chainId).toBe(31337n);
    // The digest changes with any bound argument (amount here).
    const other = kycAuthorizationTypedData({
      chainId: 31337,
      verifyingContract: deployment.lendingPoolManager,
      user: USER,
      nonce: 0n,
      blockExpiration: 100n,
      ...args,
      amount: args.amount + 1n,
    });
    expect(hashTypedData(typed)).not.toBe(hashTypedData(other));
  });
});
