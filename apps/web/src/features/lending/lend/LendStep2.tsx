"use client";

import {
  amountToInput,
  buildLenderAgreementMessage,
  formatPercent,
  formatUsdc,
  getDeployment,
  requestDepositWithKyc,
  type Pool,
} from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Hex } from "viem";
import { useConfig, useConnection } from "wagmi";
import { showToast } from "@/components/toast/toast";
import { ApiError, apiPost } from "@/lib/api";
import { isUserRejection } from "@/lib/errors";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain } from "@/lib/queries/hooks";
import { ApproveThenActButton } from "@/lib/tx/ApproveThenActButton";
import { logClientError } from "@/lib/tx/pipeline";
import { useTransactor } from "@/lib/tx/useTransactor";
import { getKycSignatureParams } from "@/server/actions/kyc";
import type { GeneratedContract } from "@/server/services/lender-agreements";
import { LoanContractModal } from "./LoanContractModal";
import { LEND_TOKEN, type LendFormState } from "./useLendForm";

/** A generated contract with the signature and timestamp it was requested with. */
export interface SignedContract {
  contract: GeneratedContract;
  signature: Hex;
  timestamp: number;
}

const GENERATE_ERROR = "Unable to generate Loan Contract.";

/** Step 2: review, generate and accept the loan contract, approve, confirm. */
export function LendStep2(props: {
  pool: Pool;
  form: LendFormState;
  amount: bigint;
  contract: SignedContract | null;
  setContract: (c: SignedContract | null) => void;
  accepted: boolean;
  setAccepted: (a: boolean) => void;
  onAdjust: () => void;
  onDone: (hash: Hex) => void;
}) {
  const { pool, form, amount, contract } = props;
  const config = useConfig();
  const { chainId } = useAppChain();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const transact = useTransactor();
  const [generating, setGenerating] = useState(false);
  const [viewing, setViewing] = useState(false);
  const tranche = pool.tranches.find((t) => t.id === form.trancheId);
  const fixed = tranche?.fixedTermConfig.find((c) => c.configId === form.fixedTermConfigId);
  const deployment = getDeployment(chainId);

  async function generate() {
    if (!address) return;
    setGenerating(true);
    const timestamp = Date.now();
    const depositAmount = amountToInput(amount, LEND_TOKEN.decimals);
    try {
      const { signMessage } = await import("wagmi/actions");
      let signature: Hex;
      try {
        signature = await signMessage(config, {
          message: buildLenderAgreementMessage({ address, depositAmount, timestamp }),
        });
      } catch (error) {
        if (isUserRejection(error)) {
          void showToast({
            type: "error",
            title: "Message signature request declined.",
            message: GENERATE_ERROR,
          });
          return;
        }
        throw error;
      }
      const generated = await apiPost<GeneratedContract>(
        `/api/lender-agreements?chainId=${chainId}`,
        { address, signature, timestamp, depositAmount },
      );
      props.setContract({ contract: generated, signature, timestamp });
      setViewing(true);
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.error ?? error.message) : "unexpected error";
      void showToast({ type: "error", title: GENERATE_ERROR, message });
      await logClientError(error, { chainId, address, title: GENERATE_ERROR, message });
    } finally {
      setGenerating(false);
    }
  }

  async function confirm() {
    if (!address || !contract) return;
    const params = await getKycSignatureParams({
      address,
      poolId: pool.id.toString(),
      trancheId: form.trancheId.toString(),
      amount: amount.toString(),
      fixedTermConfigId: form.fixedTermConfigId.toString(),
    });
    if ("error" in params) {
      void showToast({ type: "error", title: "deposit error", message: params.message });
      await logClientError(new Error(params.error), { chainId, address, title: "deposit error" });
      return;
    }
    const tx = requestDepositWithKyc(deployment, {
      poolId: pool.id,
      trancheId: form.trancheId,
      amount,
      fixedTermConfigId: form.fixedTermConfigId,
      acceptance: {
        signature: contract.signature,
        timestamp: BigInt(contract.timestamp),
        version: Number(contract.contract.contractVersion.replace(/\D/g, "")) || 1,
      },
      kyc: {
        nonce: BigInt(params.nonce),
        blockExpiration: BigInt(params.blockExpiration),
        signature: params.signature,
      },
    });
    const result = await transact(tx, { title: "deposit error" });
    if (result) {
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
      props.onDone(result.hash);
    }
  }

  return (
    <div className="space-y-5" data-testid="lend-review">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">Lending strategy</dt>
        <dd className="text-slate-900">{pool.poolName}</dd>
        <dt className="text-slate-600">Tranche</dt>
        <dd className="text-slate-900">{tranche?.name}</dd>
        <dt className="text-slate-600">Amount</dt>
        <dd className="text-slate-900 tabular-nums">
          {formatUsdc(amount)} {LEND_TOKEN.symbol}
        </dd>
        <dt className="text-slate-600">APY</dt>
        <dd className="text-slate-900">
          {fixed
            ? `Fixed ${formatPercent(fixed.apy)}`
            : `Variable ${tranche ? formatPercent(tranche.apy) : ""}`}
        </dd>
        <dt className="text-slate-600">Loan Contract</dt>
        <dd className="text-slate-900" data-testid="loan-contract-status">
          {props.accepted ? "Accepted" : contract ? "Generated, not accepted" : "Not generated"}
        </dd>
      </dl>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={props.onAdjust}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Adjust
        </button>
        <div className="flex gap-2">
          {contract ? (
            <button
              type="button"
              onClick={() => setViewing(true)}
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              View Loan Contract
            </button>
          ) : null}
          {!props.accepted ? (
            <button
              type="button"
              disabled={generating}
              onClick={() => (contract ? setViewing(true) : void generate())}
              className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
            >
              {contract ? "Review and accept" : "Generate Loan Contract"}
            </button>
          ) : (
            <ApproveThenActButton
              token={deployment.usdc}
              spender={deployment.lendingPoolManager}
              amount={amount}
              actLabel="Confirm"
              onAct={confirm}
            />
          )}
        </div>
      </div>

      {viewing && contract ? (
        <LoanContractModal
          contract={contract.contract}
          acceptable={!props.accepted}
          onClose={() => setViewing(false)}
          onAccept={() => {
            props.setAccepted(true);
            setViewing(false);
          }}
        />
      ) : null}
    </div>
  );
}
