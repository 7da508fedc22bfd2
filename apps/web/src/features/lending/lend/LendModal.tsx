"use client";

import {
  getDeployment,
  lend,
  hasDeployment,
  initialLendFlow,
  lendFlowReducer,
  LOAN_CONTRACT_VALIDITY_MS,
  parseAmountInput,
} from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import type { Hex } from "viem";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import { showToast } from "@/components/toast/toast";
import { Skeleton } from "@/components/ui/Skeleton";
import { StepIndicator } from "@/components/ui/StepIndicator";
import { lendFormQueryOptions } from "@/lib/queries/chain";
import { useAppChain, usePools } from "@/lib/queries/hooks";
import { quoteSwap } from "@/features/swap/swapClient";
import { useSwapBalances, useSwapTokens } from "@/features/swap/useSwapTokens";
import { LendStep1 } from "./LendStep1";
import { LendStep2, type ContractAcceptance, type SignedContract } from "./LendStep2";
import { LendStep3 } from "./LendStep3";
import { useLendTarget } from "./lendTarget";
import {
  initialLendForm,
  LEND_TOKEN,
  type LendFormState,
  type LendToken,
  type SwapContext,
} from "./useLendForm";

const STEPS = [lend.steps.details, lend.steps.review, lend.steps.done] as const;

/** The lend modal (registry name "lend", 600 px): 3 steps with a step indicator. */
export default function LendModal({ onClose }: RegistryModalProps) {
  const target = useLendTarget();
  const { data: pools } = usePools();
  // the modal's own read of the chain, or until it answers (or if it fails) the pool as the
  // clicked card showed it (the server's read)
  const pool =
    pools?.find((p) => p.id === target?.poolId) ??
    (target?.pool?.id === target?.poolId ? target?.pool : undefined);
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const user = useQuery({
    ...lendFormQueryOptions(chainId, client, address, pool ?? { id: -1n, tranches: [] }),
    enabled: Boolean(client && address && pool),
  });
  // steps, contract, acceptance and hash: the SDK's lend flow reducer (unit-tested transitions)
  const [flow, dispatch] = useReducer(
    lendFlowReducer<SignedContract, ContractAcceptance>,
    undefined,
    initialLendFlow<SignedContract, ContractAcceptance>,
  );
  const { step, contract, acceptance } = flow;
  const [form, setForm] = useState<LendFormState>(() => initialLendForm(target?.trancheId ?? 0n));
  const { dismiss } = useModal();
  const [amountUsdc, setAmountUsdc] = useState(0n);
  // USDC and the chain's swap tokens (ETH and WETH on the local chain)
  const swapTokens = useSwapTokens(chainId);
  const swapBalances = useSwapBalances(chainId, client, address, swapTokens.data?.tokens);
  const tokens = useMemo<LendToken[]>(
    () => [LEND_TOKEN, ...(swapTokens.data?.tokens ?? [])],
    [swapTokens.data],
  );
  const token = tokens.find((t) => t.symbol === form.asset) ?? LEND_TOKEN;
  const usdc = hasDeployment(chainId) ? getDeployment(chainId).usdc : null;
  const quote = useCallback(
    async (fromAmount: bigint) => {
      if (!usdc || !token.address) throw new Error(lend.noSwap);
      return quoteSwap({ chainId, fromToken: token.address, toToken: usdc, fromAmount });
    },
    [chainId, token.address, usdc],
  );
  const swap = useMemo<SwapContext>(
    () => ({ balance: swapBalances.data?.[token.symbol], quote }),
    [swapBalances.data, token.symbol, quote],
  );

  // A generated contract expires LOAN_CONTRACT_VALIDITY_MS after it was requested.
  useEffect(() => {
    if (!contract || step !== 2) return;
    const left = contract.timestamp + LOAN_CONTRACT_VALIDITY_MS - Date.now();
    const timer = setTimeout(
      () => {
        dispatch({ type: "expired" });
        dismiss("loanContract");
        void showToast({
          type: "error",
          title: lend.contractExpiredTitle,
          message: lend.contractExpired,
        });
      },
      Math.max(0, left),
    );
    return () => clearTimeout(timer);
  }, [contract, step, dismiss]);

  return (
    <Modal title={lend.title} onClose={onClose}>
      <StepIndicator steps={STEPS} step={step} label={lend.stepsLabel} />
      {!pool ? (
        <div aria-busy="true" className="space-y-3">
          <Skeleton className="block h-10 w-full" />
          <Skeleton className="block h-10 w-full" />
        </div>
      ) : step === 1 ? (
        <LendStep1
          pool={pool}
          form={form}
          setForm={(update) => setForm(update)}
          user={user.data}
          tokens={tokens}
          swapBalances={swapBalances.data}
          swap={swap}
          onNext={(usdcValue) => {
            setAmountUsdc(usdcValue);
            dispatch({ type: "next" });
          }}
        />
      ) : step === 2 ? (
        <LendStep2
          pool={pool}
          form={form}
          token={token}
          swapSpender={swapTokens.data?.spender ?? null}
          amount={parseAmountInput(form.amountText, token.decimals)}
          amountUsdc={token.address === null ? undefined : amountUsdc}
          contract={contract}
          setContract={(c) => dispatch({ type: "generated", contract: c })}
          acceptance={acceptance}
          setAcceptance={(a) => dispatch({ type: "accepted", acceptance: a })}
          onAdjust={() => dispatch({ type: "adjust" })}
          onDone={(hash) => dispatch({ type: "done", txHash: hash })}
        />
      ) : (
        <LendStep3 hash={(flow.txHash ?? "") as Hex} onClose={onClose} />
      )}
    </Modal>
  );
}
