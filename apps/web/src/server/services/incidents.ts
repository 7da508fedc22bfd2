/**
 * The pool manager's incident procedure (docs/protocol.md, "procedure when a loss is suspected"),
 * one implementation for `npm run ops -- incident:open | loss:report | incident:close |
 * default:play` and the dev panel's "Play a default" (app/api/dev/[action]):
 *   1. `setIncident(pool, true)`: keepers can no longer clear the pool;
 *   2. `reportLoss(pool, amount)`: Junior first, then up; every ledger of a tranche loses the same
 *      fraction;
 *   3. `clear` the epochs that are due (only the pool manager may, while the incident is open),
 *      then `setIncident(pool, false)`: the keeper resumes.
 * Every step checks first (role, pool, incident state, drawn principal) and throws an
 * {@link IncidentError} that says what to do, sending nothing. No "@/" imports: the ops script
 * imports this file too.
 */
import { clearingOpensAt, lendingPoolManagerAbi, type Deployment } from "@lending/sdk";
import {
  BaseError,
  ContractFunctionRevertedError,
  formatUnits,
  type Address,
  type Hash,
  type PublicClient,
  type WalletClient,
} from "viem";

/** A step of the procedure that cannot run, with what to do instead. */
export class IncidentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IncidentError";
  }
}

export type IncidentContext = {
  publicClient: PublicClient;
  walletClient: WalletClient;
  deployment: Deployment;
  /** The local chain lets `playDefault` draw the loan it then loses (a demo has none out). */
  local?: boolean;
};

/** One transaction the procedure sent. */
export type IncidentStep = {
  action:
    "draw" | "incident:open" | "loss:report" | "publish-repayments" | "clear" | "incident:close";
  description: string;
  hash: Hash;
  blockNumber: bigint;
};

const usdc = (v: bigint) => `${formatUnits(v, 6)} USDC`;

function lpm(ctx: IncidentContext) {
  return { address: ctx.deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
}

function signer(ctx: IncidentContext): Address {
  const account = ctx.walletClient.account;
  if (!account) throw new IncidentError("The signing wallet has no account.");
  return account.address;
}

/** Throws unless the signer holds POOL_MANAGER_ROLE. */
export async function assertPoolManager(ctx: IncidentContext): Promise<void> {
  const me = signer(ctx);
  const role = await ctx.publicClient.readContract({
    ...lpm(ctx),
    functionName: "POOL_MANAGER_ROLE",
  });
  const ok = await ctx.publicClient.readContract({
    ...lpm(ctx),
    functionName: "hasRole",
    args: [role, me],
  });
  if (!ok) {
    throw new IncidentError(
      `${me} does not hold POOL_MANAGER_ROLE: set OPS_PRIVATE_KEY to a pool manager's key.`,
    );
  }
}

/** The pool's state and incident flag; an IncidentError if there is no such pool. */
export async function poolIncidentState(ctx: IncidentContext, poolId: bigint) {
  const [pools, state, open] = await Promise.all([
    ctx.publicClient.readContract({ ...lpm(ctx), functionName: "getPools" }),
    ctx.publicClient
      .readContract({ ...lpm(ctx), functionName: "getPoolState", args: [poolId] })
      .catch(() => undefined),
    ctx.publicClient
      .readContract({ ...lpm(ctx), functionName: "incidentOpen", args: [poolId] })
      .catch(() => undefined),
  ]);
  const pool = pools.find((p) => p.id === poolId);
  if (!pool || !state || open === undefined) {
    throw new IncidentError(
      `Pool ${poolId} does not exist (pools: ${pools.map((p) => p.id).join(", ") || "none"}).`,
    );
  }
  return { pool, state, incidentOpen: open };
}

async function send(
  ctx: IncidentContext,
  action: IncidentStep["action"],
  description: string,
  request: { functionName: string; args: readonly unknown[] },
): Promise<IncidentStep> {
  const account = ctx.walletClient.account;
  if (!account) throw new IncidentError("The signing wallet has no account.");
  let simulated;
  try {
    ({ request: simulated } = await ctx.publicClient.simulateContract({
      ...lpm(ctx),
      ...request,
      account,
    } as Parameters<PublicClient["simulateContract"]>[0]));
  } catch (error) {
    throw new IncidentError(`${description} would revert: ${revertName(error)}`);
  }
  const hash = await ctx.walletClient.writeContract(
    simulated as Parameters<WalletClient["writeContract"]>[0],
  );
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new IncidentError(`${description} reverted (tx ${hash})`);
  return { action, description, hash, blockNumber: receipt.blockNumber };
}

function revertName(error: unknown): string {
  if (error instanceof BaseError) {
    const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError && revert.data?.errorName) {
      return `${revert.data.errorName}(${(revert.data.args ?? []).map(String).join(", ")})`;
    }
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Step 1: opens an incident on the pool (keepers stop clearing it). */
export async function openIncident(ctx: IncidentContext, poolId: bigint): Promise<IncidentStep> {
  await assertPoolManager(ctx);
  const { incidentOpen } = await poolIncidentState(ctx, poolId);
  if (incidentOpen) throw new IncidentError(`Pool ${poolId} already has an open incident.`);
  return send(ctx, "incident:open", `open an incident on pool ${poolId}`, {
    functionName: "setIncident",
    args: [poolId, true],
  });
}

/**
 * Step 2: reports a loss of `amount` USDC (6 decimals) on the pool. It needs an open incident
 * (the procedure's first step) and at most the pool's drawn principal.
 */
export async function reportLoss(
  ctx: IncidentContext,
  poolId: bigint,
  amount: bigint,
): Promise<IncidentStep> {
  if (amount <= 0n) throw new IncidentError("The loss must be above 0 USDC.");
  await assertPoolManager(ctx);
  const { state, incidentOpen } = await poolIncidentState(ctx, poolId);
  if (!incidentOpen) {
    throw new IncidentError(
      `Pool ${poolId} has no open incident: open one first (incident:open --pool ${poolId}).`,
    );
  }
  if (amount > state.drawnPrincipal) {
    throw new IncidentError(
      `A loss of ${usdc(amount)} exceeds pool ${poolId}'s drawn principal (${usdc(state.drawnPrincipal)}): only lent-out funds can be lost.`,
    );
  }
  return send(ctx, "loss:report", `report a loss of ${usdc(amount)} on pool ${poolId}`, {
    functionName: "reportLoss",
    args: [poolId, amount],
  });
}

/**
 * Step 2b: adds the loss to the current epoch's published historical repayments
 * (`unrecoverableLosses`; the other figures stay as published), so the pool's Historical
 * repayments show it.
 */
export async function publishLoss(
  ctx: IncidentContext,
  poolId: bigint,
  amount: bigint,
): Promise<IncidentStep> {
  const epoch = await ctx.publicClient.readContract({ ...lpm(ctx), functionName: "currentEpoch" });
  const current = await ctx.publicClient.readContract({
    ...lpm(ctx),
    functionName: "getRepayments",
    args: [poolId, epoch],
  });
  return send(
    ctx,
    "publish-repayments",
    `publish ${usdc(amount)} of unrecoverable losses for pool ${poolId} epoch ${epoch}`,
    {
      functionName: "publishRepayments",
      args: [
        poolId,
        epoch,
        { ...current, unrecoverableLosses: current.unrecoverableLosses + amount },
      ],
    },
  );
}

/**
 * Step 3a: clears every epoch of the pool whose clearing period has opened (during an incident
 * only the pool manager may), oldest first; none if none is due.
 */
export async function clearDueEpochs(
  ctx: IncidentContext,
  poolId: bigint,
): Promise<IncidentStep[]> {
  await assertPoolManager(ctx);
  await poolIncidentState(ctx, poolId);
  const genesis = await ctx.publicClient.readContract({ ...lpm(ctx), functionName: "genesis" });
  const steps: IncidentStep[] = [];
  for (;;) {
    const [state, block] = await Promise.all([
      ctx.publicClient.readContract({ ...lpm(ctx), functionName: "getPoolState", args: [poolId] }),
      ctx.publicClient.getBlock({ blockTag: "latest" }),
    ]);
    const epoch = state.nextEpochToClear;
    // the clearing period: the last 48 hours of the epoch
    if (block.timestamp < clearingOpensAt(genesis, epoch)) return steps;
    steps.push(
      await send(ctx, "clear", `clear pool ${poolId} epoch ${epoch}`, {
        functionName: "clear",
        args: [poolId],
      }),
    );
  }
}

/** Step 3b: closes the pool's incident (the keeper resumes). */
export async function closeIncident(ctx: IncidentContext, poolId: bigint): Promise<IncidentStep> {
  await assertPoolManager(ctx);
  const { incidentOpen } = await poolIncidentState(ctx, poolId);
  if (!incidentOpen) throw new IncidentError(`Pool ${poolId} has no open incident to close.`);
  return send(ctx, "incident:close", `close the incident on pool ${poolId}`, {
    functionName: "setIncident",
    args: [poolId, false],
  });
}

/**
 * The whole procedure in one go: open an incident (unless one is open), report the loss, add it
 * to the epoch's historical repayments (unrecoverable losses), clear the due epochs, close the
 * incident. On the local chain (`ctx.local`) a pool with less drawn
 * principal than the loss first draws the difference to the signer, the demo's borrower.
 * `onStep` hears each transaction as it is mined.
 */
export async function playDefault(
  ctx: IncidentContext,
  {
    poolId,
    amount,
    onStep,
  }: { poolId: bigint; amount: bigint; onStep?: (s: IncidentStep) => void },
): Promise<IncidentStep[]> {
  if (amount <= 0n) throw new IncidentError("The loss must be above 0 USDC.");
  await assertPoolManager(ctx);
  const { state, incidentOpen } = await poolIncidentState(ctx, poolId);
  const steps: IncidentStep[] = [];
  const done = (s: IncidentStep) => {
    steps.push(s);
    onStep?.(s);
  };
  if (amount > state.drawnPrincipal) {
    const missing = amount - state.drawnPrincipal;
    if (!ctx.local) {
      throw new IncidentError(
        `A loss of ${usdc(amount)} exceeds pool ${poolId}'s drawn principal (${usdc(state.drawnPrincipal)}): only lent-out funds can be lost.`,
      );
    }
    if (missing > state.idleLiquidity) {
      throw new IncidentError(
        `Pool ${poolId} has ${usdc(state.drawnPrincipal + state.idleLiquidity)} lent or idle, less than the ${usdc(amount)} loss: lend more first (or report a smaller loss).`,
      );
    }
    done(
      await send(ctx, "draw", `draw ${usdc(missing)} from pool ${poolId} to the demo borrower`, {
        functionName: "draw",
        args: [poolId, missing, signer(ctx)],
      }),
    );
  }
  if (!incidentOpen) done(await openIncident(ctx, poolId));
  done(await reportLoss(ctx, poolId, amount));
  done(await publishLoss(ctx, poolId, amount));
  for (const s of await clearDueEpochs(ctx, poolId)) done(s);
  done(await closeIncident(ctx, poolId));
  return steps;
}
