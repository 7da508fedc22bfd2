/**
 * Records an operator's on-chain action in the audit trail (issue 27). The console sends the
 * transaction from the operator's own wallet, then posts its hash: the server reads the mined
 * transaction and decodes what it did (the client says only why), and records it only when it
 * was sent by that operator to the LendingPoolManager and succeeded.
 */
import { lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import {
  decodeFunctionData,
  parseEventLogs,
  type Address,
  type Hash,
  type PublicClient,
} from "viem";
import type { Executor } from "../../db/types";
import { recordAudit, type AuditRow } from "./audit";

export class TxAuditError extends Error {
  override name = "TxAuditError";
}

/** The console's name of an LendingPoolManager call (the ops CLI's command names). */
export function actionOf(functionName: string, args: readonly unknown[]): string {
  switch (functionName) {
    case "setIncident":
      return args[1] ? "incident:open" : "incident:close";
    case "reportLoss":
      return "loss:report";
    case "publishRepayments":
      return "publish-repayments";
    case "setTrancheRate":
      return "set-rate";
    case "setTrancheLimits":
      return "set-limits";
    case "forceWithdrawal":
      return "withdraw:force";
    case "addFixedTermConfig":
      return "fixed-term:add";
    case "setFixedTermStatus":
      return "fixed-term:status";
    case "setFixedTermAllowlist":
      return args[4] ? "allowlist:add" : "allowlist:remove";
    case "reopenTranche":
      return "tranche:reopen";
    case "closeTranche":
      return "tranche:close";
    case "createPool":
      return "pool:create";
    default:
      return functionName;
  }
}

/** Decimal strings of a call's arguments (structs flattened one level). */
function detailsOf(
  inputs: readonly { name?: string }[],
  args: readonly unknown[],
): Record<string, string> {
  const out: Record<string, string> = {};
  inputs.forEach((input, i) => {
    const value = args[i];
    const name = input.name || `arg${i}`;
    if (Array.isArray(value)) {
      // e.g. createPool's tranches: JSON, amounts as decimal strings
      out[name] = JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? String(v) : v));
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) out[k] = String(v);
    } else out[name] = String(value);
  });
  return out;
}

export async function auditTransaction(
  db: Executor,
  args: {
    client: PublicClient;
    deployment: Pick<Deployment, "lendingPoolManager">;
    chainId: number;
    actor: Address;
    hash: Hash;
    reason: string;
  },
): Promise<AuditRow | undefined> {
  const [tx, receipt] = await Promise.all([
    args.client.getTransaction({ hash: args.hash }).catch(() => undefined),
    args.client.getTransactionReceipt({ hash: args.hash }).catch(() => undefined),
  ]);
  if (!tx || !receipt) throw new TxAuditError("This transaction is not mined on this chain");
  if (tx.from.toLowerCase() !== args.actor.toLowerCase()) {
    throw new TxAuditError("This transaction was not sent by the signed-in wallet");
  }
  if (tx.to?.toLowerCase() !== args.deployment.lendingPoolManager.toLowerCase()) {
    throw new TxAuditError("This transaction is not a call of the LendingPoolManager");
  }
  if (receipt.status !== "success") throw new TxAuditError("This transaction reverted");
  const { functionName, args: callArgs = [] } = decodeFunctionData({
    abi: lendingPoolManagerAbi,
    data: tx.input,
  });
  const abiItem = lendingPoolManagerAbi.find(
    (item) => item.type === "function" && item.name === functionName,
  ) as { inputs: readonly { name?: string }[] } | undefined;
  const details = detailsOf(abiItem?.inputs ?? [], callArgs);
  details.block = receipt.blockNumber.toString();
  if (functionName === "createPool") {
    // the new pool's id is in its event, not the call
    const [created] = parseEventLogs({
      abi: lendingPoolManagerAbi,
      eventName: "PoolCreated",
      logs: receipt.logs,
    });
    if (created) details.poolId = String(created.args.poolId);
  }
  const poolId = (details.poolId ?? "").toString();
  const trancheId = details.trancheId;
  return recordAudit(db, {
    chainId: args.chainId,
    actor: args.actor,
    action: actionOf(functionName, callArgs),
    target: poolId
      ? trancheId === undefined
        ? `pool ${poolId}`
        : `pool ${poolId} tranche ${trancheId}`
      : functionName,
    reason: args.reason,
    details,
    txHash: args.hash,
  });
}
