"use client";

import { loadTokenReads, loadTx } from "@/lib/stack/chunks";
import { needsApproval, tx as copy } from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Address } from "viem";
import { useConfig, useConnection } from "wagmi";
import { queryKeys } from "@/lib/queries/keys";
import { useAppChain } from "@/lib/queries/hooks";
import { useTransactor } from "./useTransactor";

/** The allowance of `owner` for `spender` (shared with the button: one query per key). */
function allowanceQueryOptions(args: {
  chainId: number;
  client: ReturnType<typeof useAppChain>["client"];
  owner: Address | undefined;
  token: Address;
  spender: Address;
}) {
  return {
    queryKey: queryKeys.allowance(args.chainId, args.owner ?? "", args.token, args.spender),
    queryFn: async () => {
      const { readAllowance } = await loadTokenReads();
      return readAllowance(args.client!, {
        token: args.token,
        owner: args.owner!,
        spender: args.spender,
      });
    },
    enabled: Boolean(args.client && args.owner),
  };
}

/**
 * Whether the button below reads Approve for these arguments (the allowance is below `amount`),
 * for a note beside it; false while the allowance is read.
 */
export function useApprovalNeeded(props: { token: Address; spender: Address; amount: bigint }) {
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const allowance = useQuery(allowanceQueryOptions({ chainId, client, owner: address, ...props }));
  return allowance.data !== undefined && needsApproval(allowance.data, props.amount);
}

/**
 * The one approve-then-act button (STYLE, spec section 4 "Approve flow"): reads the allowance;
 * below `amount` it reads Approve and approves unlimited first, the exact amount when the
 * unlimited approval's gas estimation fails (or at once with `approveExact`: the lock approves
 * the amount for the locking contract); then it reads `actLabel` and runs `onAct`.
 */
export function ApproveThenActButton(props: {
  token: Address;
  spender: Address;
  amount: bigint;
  actLabel: string;
  /** sends the action (through the transaction pipeline); resolves when done */
  onAct: () => Promise<void>;
  disabled?: boolean;
  /** approve exactly `amount`, never unlimited */
  approveExact?: boolean;
}) {
  const config = useConfig();
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const transact = useTransactor();
  const [busy, setBusy] = useState<"approve" | "act" | null>(null);
  const allowanceKey = queryKeys.allowance(chainId, address ?? "", props.token, props.spender);
  const allowance = useQuery(
    allowanceQueryOptions({
      chainId,
      client,
      owner: address,
      token: props.token,
      spender: props.spender,
    }),
  );
  const approvalNeeded = needsApproval(allowance.data, props.amount);

  async function approve() {
    if (!address) return;
    const { approve: buildApprove, MAX_UINT256, estimateGas } = await loadTx();
    const exact = buildApprove({
      token: props.token,
      spender: props.spender,
      amount: props.amount,
    });
    let tx = exact;
    if (!props.approveExact) {
      tx = buildApprove({ token: props.token, spender: props.spender, amount: MAX_UINT256 });
      try {
        await estimateGas(config, { account: address, to: tx.to, data: tx.data, chainId });
      } catch {
        tx = exact;
      }
    }
    const result = await transact(tx, { title: copy.errors.approve });
    if (result) await queryClient.invalidateQueries({ queryKey: allowanceKey });
  }

  async function run(kind: "approve" | "act") {
    setBusy(kind);
    try {
      if (kind === "approve") await approve();
      else await props.onAct();
    } finally {
      setBusy(null);
    }
  }

  const label =
    busy === "approve"
      ? copy.approving
      : busy === "act"
        ? copy.confirming
        : approvalNeeded
          ? copy.approve
          : props.actLabel;
  return (
    <button
      type="button"
      data-testid="approve-then-act"
      disabled={props.disabled || busy !== null || allowance.isPending}
      onClick={() => void run(approvalNeeded ? "approve" : "act")}
      className="rounded-lg bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
    >
      {label}
    </button>
  );
}
