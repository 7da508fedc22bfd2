"use client";

import {
  amountToInput,
  buildLenderAgreementMessage,
  buildLoanContractAcceptanceMessage,
  fill,
  formatEpochLockDuration,
  formatPercent,
  formatUsdc,
  formatWalletAmount,
  getDeployment,
  lend,
  readAllowance,
  requestDepositWithKyc,
  slippageDisplay,
  swapDepositAmount,
  swapMinimumOut,
  tx as txCopy,
  buildDepositSwapData,
  approve as buildApprove,
  type Pool,
} from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Address, Hex } from "viem";
import { useConfig, useConnection } from "wagmi";
import { useModal } from "@/components/modal/modalContext";
import { showToast } from "@/components/toast/toast";
import { ApiError } from "@/lib/api";
import { apiPost } from "@/lib/apiWrite";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain } from "@/lib/queries/hooks";
import { ApproveThenActButton, useApprovalNeeded } from "@/lib/tx/ApproveThenActButton";
import { logClientError } from "@/lib/tx/pipeline";
import { signOrDecline } from "@/lib/tx/signMessage";
import { useTransactor } from "@/lib/tx/useTransactor";
import { getKycSignatureParams } from "@/server/actions/kyc";
import { acceptLoanContract } from "@/server/actions/loan-contracts";
import { fetchSwapData, isNativeToken } from "@/features/swap/swapClient";
import type { GeneratedContract } from "@/server/services/lender-agreements";
import { LEND_TOKEN, type LendFormState, type LendToken } from "./useLendForm";

/** A generated contract with the signature and timestamp it was requested with. */
export interface SignedContract {
  contract: GeneratedContract;
  signature: Hex;
  timestamp: number;
}

/** The signed acceptance of a contract: carried on chain by the deposit (LoanContractAccepted). */
export interface ContractAcceptance {
  signature: Hex;
  timestamp: number;
}

const copy = lend.review;
const GENERATE_ERROR = copy.generateError;
const ACCEPT_ERROR = copy.acceptError;
const { deposit: DEPOSIT_ERROR, swap: SWAP_ERROR, approve: APPROVE_ERROR } = txCopy.errors;

/** Step 2: review, generate and accept the loan contract, approve, confirm. */
export function LendStep2(props: {
  pool: Pool;
  form: LendFormState;
  /** the asset paid with (USDC unless a swap) */
  token?: LendToken;
  /** the router to approve an ERC-20 swap source for */
  swapSpender?: Address | null;
  /** in the token's units */
  amount: bigint;
  /** a swap's quoted USDC value (undefined for USDC) */
  amountUsdc?: bigint;
  contract: SignedContract | null;
  setContract: (c: SignedContract) => void;
  acceptance: ContractAcceptance | null;
  setAcceptance: (a: ContractAcceptance) => void;
  onAdjust: () => void;
  onDone: (hash: Hex) => void;
}) {
  const { pool, form, amount, contract } = props;
  const token = props.token ?? LEND_TOKEN;
  const isSwap = token.address !== null;
  // a swap's quoted USDC value (the review's "≈")
  const quotedUsdc = props.amountUsdc ?? 0n;
  // the USDC deposited, which the contract is generated for: the amount, or a swap's minimum
  // received after the slippage (what the deposit requests, `swapDepositAmount`)
  const usdcAmount = isSwap ? swapMinimumOut(quotedUsdc) : amount;
  const [busy, setBusy] = useState(false);
  const config = useConfig();
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const transact = useTransactor();
  const [generating, setGenerating] = useState(false);
  const modal = useModal();
  const accepted = props.acceptance !== null;
  const tranche = pool.tranches.find((t) => t.id === form.trancheId);
  const fixed = tranche?.fixedTermConfig.find((c) => c.configId === form.fixedTermConfigId);
  const deployment = getDeployment(chainId);
  // what the approve-then-act button approves (unlimited first, spec section 4), said plainly
  const paysEth = Boolean(token.address && isNativeToken(token.address));
  const approvalNeeded = useApprovalNeeded({
    token: isSwap && !paysEth && token.address ? token.address : deployment.usdc,
    spender: isSwap
      ? (props.swapSpender ?? deployment.lendingPoolManager)
      : deployment.lendingPoolManager,
    amount,
  });
  const approval =
    approvalNeeded && !paysEth
      ? {
          symbol: token.symbol,
          amount: isSwap ? formatWalletAmount(amount, token.decimals) : formatUsdc(amount),
        }
      : null;

  async function generate() {
    if (!address) return;
    setGenerating(true);
    const timestamp = Date.now();
    const depositAmount = amountToInput(usdcAmount, LEND_TOKEN.decimals);
    // the contract is for this pool, tranche and APY: the server writes them into it
    const terms = {
      poolId: pool.id.toString(),
      trancheId: form.trancheId.toString(),
      fixedTermConfigId: form.fixedTermConfigId.toString(),
    };
    try {
      const signature = await signOrDecline(
        config,
        buildLenderAgreementMessage({ address, depositAmount, ...terms, timestamp, chainId }),
        GENERATE_ERROR,
      );
      if (!signature) return;
      const generated = await apiPost<GeneratedContract>(
        `/api/lender-agreements?chainId=${chainId}`,
        { address, signature, timestamp, depositAmount, ...terms },
      );
      const signed = { contract: generated, signature, timestamp };
      props.setContract(signed);
      view(signed, true);
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.error ?? error.message) : txCopy.unexpectedError;
      void showToast({ type: "error", title: GENERATE_ERROR, message });
      await logClientError(error, { chainId, address, title: GENERATE_ERROR, message });
    } finally {
      setGenerating(false);
    }
  }

  /** Opens the Loan Contract modal over this one; Accept signs and records the acceptance. */
  function view(signed: SignedContract, acceptable: boolean) {
    modal.push("loanContract", {
      contract: signed.contract,
      acceptable,
      onAccept: () => accept(signed),
    });
  }

  /**
   * Accepting requires a wallet signature (spec section 6): "an acceptance of loan contract {id}
   * by {address} at {timestamp} on chain {chainId}", recorded by the server, which authorises deposits only under
   * an accepted, live contract.
   */
  async function accept(signed: SignedContract): Promise<boolean> {
    if (!address) return false;
    const timestamp = Date.now();
    try {
      const signature = await signOrDecline(
        config,
        buildLoanContractAcceptanceMessage({ address, id: signed.contract.id, timestamp, chainId }),
        ACCEPT_ERROR,
      );
      if (!signature) return false;
      const recorded = await acceptLoanContract({
        address,
        id: signed.contract.id,
        signature,
        timestamp,
        chain: chainId,
      });
      if ("error" in recorded) {
        void showToast({ type: "error", title: ACCEPT_ERROR, message: recorded.message });
        await logClientError(new Error(recorded.error), {
          chainId,
          address,
          title: ACCEPT_ERROR,
          message: recorded.message,
        });
        return false;
      }
      props.setAcceptance({ signature, timestamp });
      return true;
    } catch (error) {
      const message = (error as Error).message || txCopy.unexpectedError;
      void showToast({ type: "error", title: ACCEPT_ERROR, message });
      await logClientError(error, { chainId, address, title: ACCEPT_ERROR, message });
      return false;
    }
  }

  /** The KYC authorisation (signed for exactly `depositAmount`) and the deposit's arguments. */
  async function depositArgs(depositAmount: bigint) {
    if (!address || !contract || !props.acceptance) return null;
    const params = await getKycSignatureParams({
      address,
      poolId: pool.id.toString(),
      trancheId: form.trancheId.toString(),
      amount: depositAmount.toString(),
      fixedTermConfigId: form.fixedTermConfigId.toString(),
      loanContractId: contract.contract.id,
    });
    if ("error" in params) {
      void showToast({ type: "error", title: DEPOSIT_ERROR, message: params.message });
      await logClientError(new Error(params.error), { chainId, address, title: DEPOSIT_ERROR });
      return null;
    }
    return {
      poolId: pool.id,
      trancheId: form.trancheId,
      amount: depositAmount,
      fixedTermConfigId: form.fixedTermConfigId,
      acceptance: {
        signature: props.acceptance.signature,
        timestamp: BigInt(props.acceptance.timestamp),
        version: Number(contract.contract.contractVersion.replace(/\D/g, "")) || 1,
      },
      kyc: {
        nonce: BigInt(params.nonce),
        blockExpiration: BigInt(params.blockExpiration),
        signature: params.signature,
      },
    };
  }

  /**
   * A swap deposit (README): swap data from GET /api/getSwapData, the KYC authorisation for the
   * quote's minimum USDC out, the swap, a USDC approval to the manager when needed, the deposit.
   */
  async function confirmSwap() {
    if (!address || !contract || !token.address || !client) return;
    let swapData: Awaited<ReturnType<typeof fetchSwapData>>;
    try {
      swapData = await fetchSwapData({
        chainId,
        fromToken: token.address,
        toToken: deployment.usdc,
        fromAmount: amount,
        user: address,
      });
    } catch (error) {
      const message = (error as Error).message;
      void showToast({ type: "error", title: SWAP_ERROR, message });
      await logClientError(error, { chainId, address, title: SWAP_ERROR, message });
      return;
    }
    // never more than the minimum received the lender reviewed and the contract states
    const depositAmount = swapDepositAmount(swapData.dstAmount, quotedUsdc);
    const args = await depositArgs(depositAmount);
    if (!args) return;
    const built = buildDepositSwapData(deployment, {
      quote: swapData.tx,
      fromToken: isNativeToken(token.address) ? null : token.address,
      fromAmount: amount,
      minimumUsdcOut: depositAmount,
      deposit: args,
    });
    const swapped = await transact(built.swap, { title: SWAP_ERROR });
    if (!swapped) return;
    const allowance = await readAllowance(client, {
      token: deployment.usdc,
      owner: address,
      spender: deployment.lendingPoolManager,
    });
    if (allowance < depositAmount) {
      const approved = await transact(
        buildApprove({
          token: deployment.usdc,
          spender: deployment.lendingPoolManager,
          amount: depositAmount,
        }),
        { title: APPROVE_ERROR },
      );
      if (!approved) return;
    }
    const result = await transact(built.deposit, { title: DEPOSIT_ERROR });
    if (result) {
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
      props.onDone(result.hash);
    }
  }

  async function confirm() {
    const args = await depositArgs(amount);
    if (!args) return;
    const tx = requestDepositWithKyc(deployment, args);
    const result = await transact(tx, { title: DEPOSIT_ERROR });
    if (result) {
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
      props.onDone(result.hash);
    }
  }

  return (
    <div className="space-y-5" data-testid="lend-review">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">{copy.strategy}</dt>
        <dd className="text-slate-900">{pool.poolName}</dd>
        <dt className="text-slate-600">{copy.tranche}</dt>
        <dd className="text-slate-900">{tranche?.name}</dd>
        <dt className="text-slate-600">{copy.amount}</dt>
        <dd className="text-slate-900 tabular-nums" data-testid="lend-review-amount">
          {isSwap
            ? fill(copy.swapAmount, {
                amount: formatWalletAmount(amount, token.decimals),
                symbol: token.symbol,
                usdc: formatUsdc(quotedUsdc),
              })
            : fill(copy.tokenAmount, { amount: formatUsdc(amount), symbol: LEND_TOKEN.symbol })}
        </dd>
        {isSwap ? (
          <>
            <dt className="text-slate-600">{copy.slippage}</dt>
            <dd className="text-slate-900">{slippageDisplay()}</dd>
            <dt className="text-slate-600">{copy.minimumReceived}</dt>
            <dd className="text-slate-900 tabular-nums" data-testid="lend-review-minimum">
              {fill(copy.minimumReceivedValue, { amount: formatUsdc(usdcAmount) })}
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">{copy.apy}</dt>
        <dd className="text-slate-900" data-testid="lend-review-apy">
          {fixed
            ? fill(copy.fixed, {
                apy: formatPercent(fixed.apy),
                duration: formatEpochLockDuration(fixed.epochLockDuration),
              })
            : fill(copy.variable, { apy: tranche ? formatPercent(tranche.apy) : "" })}
        </dd>
        <dt className="text-slate-600">{copy.loanContract}</dt>
        <dd className="text-slate-900" data-testid="loan-contract-status">
          {accepted ? copy.accepted : contract ? copy.generated : copy.notGenerated}
        </dd>
      </dl>
      {isSwap ? (
        <p className="text-sm text-slate-700" data-testid="lend-review-minimum-note">
          {fill(copy.minimumReceivedNote, {
            slippage: slippageDisplay(),
            amount: formatUsdc(usdcAmount),
          })}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={props.onAdjust}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {copy.adjust}
        </button>
        {/* focus lands on the next action when the Loan Contract closes (components/modal) */}
        <div className="flex gap-2" data-autofocus>
          {contract ? (
            <button
              type="button"
              onClick={() => view(contract, !accepted)}
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              {copy.viewContract}
            </button>
          ) : null}
          {!accepted ? (
            <button
              type="button"
              disabled={generating}
              onClick={() => (contract ? view(contract, true) : void generate())}
              className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
            >
              {contract ? copy.reviewAndAccept : copy.generate}
            </button>
          ) : isSwap && token.address && isNativeToken(token.address) ? (
            // ETH: nothing to approve before the swap
            <button
              type="button"
              data-testid="approve-then-act"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await confirmSwap();
                } finally {
                  setBusy(false);
                }
              }}
              className="rounded-lg bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
            >
              {copy.confirm}
            </button>
          ) : isSwap && token.address ? (
            <ApproveThenActButton
              token={token.address}
              spender={props.swapSpender ?? deployment.lendingPoolManager}
              amount={amount}
              actLabel={copy.confirm}
              onAct={confirmSwap}
              disabled={!props.swapSpender}
            />
          ) : (
            <ApproveThenActButton
              token={deployment.usdc}
              spender={deployment.lendingPoolManager}
              amount={amount}
              actLabel={copy.confirm}
              onAct={confirm}
            />
          )}
        </div>
      </div>
      {accepted && approval ? (
        <p className="text-sm text-slate-700" data-testid="lend-approval-note">
          {fill(copy.unlimitedApproval, {
            symbol: approval.symbol,
            amount: approval.amount,
          })}
        </p>
      ) : null}
    </div>
  );
}
