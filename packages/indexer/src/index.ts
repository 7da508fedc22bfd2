/**
 * Indexing functions: every event of LendingPoolManager (with its extension) and KsuLocking goes
 * into `protocol_event`; request, clearing and lock events also shape the typed tables that the
 * API reads. Handlers only write rows derived from the event (and reads at its block), so Ponder
 * can replay them after a crash or a reorg with the same result.
 */
import { ponder, type Context, type Event } from "ponder:registry";
import {
  depositRecord,
  epochClearing,
  fixedTermConfig,
  fixedTermEvent,
  fixedTermLock,
  incident,
  ksuLock,
  lenderLoss,
  loss,
  pool,
  protocolEvent,
  request,
  requestEvent,
  tranche,
  trancheClearing,
  trancheLoss,
} from "ponder:schema";
import { and, asc, desc, eq, isNull } from "ponder";
import {
  cancelledParts,
  fixedTermReleaseTime,
  lendingPoolManagerAbi,
  ksuLockingAbi,
} from "@lending/sdk";
import { toFunctionSelector } from "viem";

type AnyEvent = {
  args: unknown;
  log: { logIndex: number; address: `0x${string}` };
  block: { number: bigint; timestamp: bigint };
  transaction: { hash: `0x${string}` };
};

const eventId = (e: AnyEvent) => `${e.transaction.hash}-${e.log.logIndex}`;

/** Decoded args with bigints as decimal strings (JSON-safe). */
function plainArgs(args: unknown): Record<string, unknown> {
  const convert = (v: unknown): unknown =>
    typeof v === "bigint"
      ? v.toString()
      : Array.isArray(v)
        ? v.map(convert)
        : v && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, convert(x)]))
          : v;
  return (convert(args ?? {}) as Record<string, unknown>) ?? {};
}

async function record(
  contract: "LendingPoolManager" | "KsuLocking" | "ReferralRewards",
  name: string,
  event: AnyEvent,
  context: Context,
) {
  const args = plainArgs(event.args);
  const userArg =
    args.user ?? args.owner ?? args.from ?? args.treasury ?? args.borrower ?? args.referrer;
  const poolArg = args.poolId;
  await context.db
    .insert(protocolEvent)
    .values({
      id: eventId(event),
      contract,
      name,
      user: typeof userArg === "string" ? (userArg.toLowerCase() as `0x${string}`) : null,
      poolId: typeof poolArg === "string" ? BigInt(poolArg) : null,
      args,
      blockNumber: event.block.number,
      logIndex: event.log.logIndex,
      timestamp: event.block.timestamp,
      transactionHash: event.transaction.hash,
    })
    .onConflictDoNothing();
}

const lower = (a: `0x${string}`) => a.toLowerCase() as `0x${string}`;

/** USDC value of `shares` of a tranche's variable ledger at `blockNumber` (`convertToAssets`). */
async function sharesValue(
  context: Context,
  address: `0x${string}`,
  poolId: bigint,
  trancheId: bigint,
  shares: bigint,
  blockNumber: bigint,
): Promise<bigint> {
  if (shares === 0n) return 0n;
  return context.client.readContract({
    abi: lendingPoolManagerAbi,
    address,
    functionName: "convertToAssets",
    args: [poolId, trancheId, shares],
    blockNumber,
  });
}

let genesisCache: bigint | undefined;
async function genesisOf(context: Context, address: `0x${string}`): Promise<bigint> {
  genesisCache ??= await context.client.readContract({
    abi: lendingPoolManagerAbi,
    address,
    functionName: "genesis",
  });
  return genesisCache;
}

// ---------------------------------------------------------------- pools and tranches

ponder.on("LendingPoolManager:PoolCreated", async ({ event, context }) => {
  await record("LendingPoolManager", "PoolCreated", event, context);
  await context.db
    .insert(pool)
    .values({
      poolId: event.args.poolId,
      name: event.args.name,
      subheading: event.args.subheading,
      requestEpochsInAdvance: event.args.requestEpochsInAdvance,
      lastClearedEpoch: null,
    })
    .onConflictDoNothing();
});

ponder.on("LendingPoolManager:TrancheCreated", async ({ event, context }) => {
  await record("LendingPoolManager", "TrancheCreated", event, context);
  await context.db
    .insert(tranche)
    .values({
      poolId: event.args.poolId,
      trancheId: event.args.trancheId,
      name: event.args.name,
      epochInterestRate: event.args.epochInterestRate,
    })
    .onConflictDoNothing();
});

ponder.on("LendingPoolManager:TrancheRateApplied", async ({ event, context }) => {
  await record("LendingPoolManager", "TrancheRateApplied", event, context);
  await context.db
    .update(tranche, { poolId: event.args.poolId, trancheId: event.args.trancheId })
    .set({ epochInterestRate: event.args.rate });
});

ponder.on("LendingPoolManager:FixedTermConfigAdded", async ({ event, context }) => {
  await record("LendingPoolManager", "FixedTermConfigAdded", event, context);
  await context.db
    .insert(fixedTermConfig)
    .values({
      poolId: event.args.poolId,
      trancheId: event.args.trancheId,
      configId: event.args.configId,
      epochInterestRate: event.args.epochInterestRate,
      epochLockDuration: event.args.epochLockDuration,
      status: Number(event.args.status),
    })
    .onConflictDoNothing();
});

ponder.on("LendingPoolManager:FixedTermStatusSet", async ({ event, context }) => {
  await record("LendingPoolManager", "FixedTermStatusSet", event, context);
  await context.db
    .update(fixedTermConfig, {
      poolId: event.args.poolId,
      trancheId: event.args.trancheId,
      configId: event.args.configId,
    })
    .set({ status: Number(event.args.status) });
});

// ---------------------------------------------------------------- requests

ponder.on("LendingPoolManager:RequestCreated", async ({ event, context }) => {
  await record("LendingPoolManager", "RequestCreated", event, context);
  const a = event.args;
  const kind = a.kind === 0 ? ("Deposit" as const) : ("Withdrawal" as const);
  let row = await context.db.find(request, { nftId: a.nftId });
  // A withdrawal's shares in USDC at this block: what the lender asked for, as they saw it.
  const value =
    kind === "Withdrawal"
      ? await sharesValue(
          context,
          event.log.address,
          a.poolId,
          a.trancheId,
          a.amount,
          event.block.number,
        )
      : a.amount;
  if (!a.increase || !row) {
    let rate = 0n;
    let fixedTermEpochs: bigint | null = null;
    if (a.fixedTermConfigId !== 0n) {
      const config = await context.db.find(fixedTermConfig, {
        poolId: a.poolId,
        trancheId: a.trancheId,
        configId: a.fixedTermConfigId,
      });
      rate = config?.epochInterestRate ?? 0n;
      fixedTermEpochs = config?.epochLockDuration ?? null;
    } else {
      const t = await context.db.find(tranche, { poolId: a.poolId, trancheId: a.trancheId });
      rate = t?.epochInterestRate ?? 0n;
    }
    row = await context.db.insert(request).values({
      nftId: a.nftId,
      owner: lower(a.user),
      kind,
      poolId: a.poolId,
      trancheId: a.trancheId,
      epoch: a.epoch,
      level: Number(a.level),
      fixedTermConfigId: a.fixedTermConfigId,
      epochInterestRate: rate,
      fixedTermEpochs,
      amount: a.amount,
      requestedValue: value,
      state: "Pending",
      accepted: 0n,
      acceptedShares: 0n,
      reallocated: 0n,
      rejected: 0n,
      cancelled: 0n,
      forced: false,
      requestTimestamp: event.block.timestamp,
      requestBlock: event.block.number,
      lastEventTimestamp: event.block.timestamp,
      transactionHash: event.transaction.hash,
    });
  } else {
    row = await context.db.update(request, { nftId: a.nftId }).set((r) => ({
      amount: r.amount + a.amount,
      requestedValue: r.requestedValue + value,
      lastEventTimestamp: event.block.timestamp,
    }));
  }
  await addRequestEvent(event, context, row, {
    type: a.increase ? "Increase" : "Request",
    amount: a.amount,
    value: kind === "Withdrawal" ? value : null,
    remainingQueued: kind === "Withdrawal" ? row.amount : null,
  });
});

ponder.on("LendingPoolManager:RequestRerated", async ({ event, context }) => {
  await record("LendingPoolManager", "RequestRerated", event, context);
  await context.db
    .update(request, { nftId: event.args.nftId })
    .set({ level: Number(event.args.newLevel) });
});

ponder.on("LendingPoolManager:RequestCancelled", async ({ event, context }) => {
  await record("LendingPoolManager", "RequestCancelled", event, context);
  const row = await context.db.update(request, { nftId: event.args.nftId }).set({
    state: "Cancelled",
    cancelled: event.args.amount,
    lastEventTimestamp: event.block.timestamp,
  });
  await addRequestEvent(event, context, row, {
    type: "Cancelled",
    amount: event.args.amount,
    remainingQueued: row.kind === "Withdrawal" ? 0n : null,
  });
});

// The lender cancelled one of the requests a same-epoch increase merged into this one
// (`cancelRequestPart`, issue 23 item 7): that part shows Cancelled, the rest stays queued. The
// chain names an amount; the part is the one `cancelledParts` picks (the newest not cancelled of
// exactly that amount: the app sends the amount of the row the lender chose).
ponder.on("LendingPoolManager:RequestPartCancelled", async ({ event, context }) => {
  await record("LendingPoolManager", "RequestPartCancelled", event, context);
  const { nftId, amount, remaining } = event.args;
  const row = await context.db.find(request, { nftId });
  if (!row) return;
  const events = await context.db.sql
    .select()
    .from(requestEvent)
    .where(eq(requestEvent.nftId, nftId))
    .orderBy(asc(requestEvent.blockNumber), asc(requestEvent.logIndex));
  const made = events.filter((e) => e.type === "Request" || e.type === "Increase");
  const before = cancelledParts(events);
  const after = cancelledParts([...events, { type: "PartCancelled", amount }]);
  const part = made[after.findIndex((c, i) => c && !before[i])];
  // a withdrawal part's USDC at its request time (a deposit's part is its USDC)
  const value = row.kind === "Withdrawal" ? (part?.value ?? 0n) : amount;
  const updated = await context.db.update(request, { nftId }).set((r) => ({
    amount: remaining,
    requestedValue: r.requestedValue > value ? r.requestedValue - value : 0n,
    cancelled: r.cancelled + amount,
    lastEventTimestamp: event.block.timestamp,
  }));
  await addRequestEvent(event, context, updated, {
    type: "PartCancelled",
    amount,
    value: row.kind === "Withdrawal" ? value : null,
    remainingQueued: row.kind === "Withdrawal" ? remaining : null,
  });
});

// Right after the RequestCreated of the withdrawal it queued (new or increased): the whole
// request shows Forced until it is processed, and its events are labelled delegate initiated.
ponder.on("LendingPoolManager:WithdrawalForced", async ({ event, context }) => {
  await record("LendingPoolManager", "WithdrawalForced", event, context);
  const row = await context.db.update(request, { nftId: event.args.nftId }).set({
    forced: true,
    lastEventTimestamp: event.block.timestamp,
  });
  await addRequestEvent(event, context, row, {
    type: "Forced",
    amount: event.args.shares,
    value: await sharesValue(
      context,
      event.log.address,
      event.args.poolId,
      event.args.trancheId,
      event.args.shares,
      event.block.number,
    ),
    remainingQueued: row.amount,
  });
});

type RequestRow = typeof request.$inferSelect;

async function addRequestEvent(
  event: AnyEvent,
  context: Context,
  row: RequestRow,
  fields: {
    type: string;
    amount: bigint;
    shares?: bigint | null;
    value?: bigint | null;
    toTrancheId?: bigint | null;
    remainingQueued?: bigint | null;
  },
) {
  await context.db
    .insert(requestEvent)
    .values({
      id: eventId(event),
      nftId: row.nftId,
      type: fields.type,
      epoch: row.epoch,
      amount: fields.amount,
      shares: fields.shares ?? null,
      value: fields.value ?? null,
      toTrancheId: fields.toTrancheId ?? null,
      remainingQueued: fields.remainingQueued ?? null,
      timestamp: event.block.timestamp,
      blockNumber: event.block.number,
      logIndex: event.log.logIndex,
      transactionHash: event.transaction.hash,
    })
    .onConflictDoNothing();
}

/** Adds to the deposit record of `nftId` in `trancheId` (created on first use). */
async function addToDepositRecord(
  event: AnyEvent,
  context: Context,
  row: RequestRow,
  trancheId: bigint,
  add: Partial<
    Record<
      "acceptedAmount" | "rejectedAmount" | "reallocatedOutAmount" | "reallocatedInAmount",
      bigint
    >
  >,
) {
  const id = `${row.nftId}-${trancheId}`;
  const existing = await context.db.find(depositRecord, { id });
  if (!existing) {
    const t = await context.db.find(tranche, { poolId: row.poolId, trancheId });
    await context.db.insert(depositRecord).values({
      id,
      nftId: row.nftId,
      owner: row.owner,
      poolId: row.poolId,
      trancheId,
      epoch: row.epoch,
      requestTimestamp: row.requestTimestamp,
      acceptedAmount: add.acceptedAmount ?? 0n,
      rejectedAmount: add.rejectedAmount ?? 0n,
      reallocatedOutAmount: add.reallocatedOutAmount ?? 0n,
      reallocatedInAmount: add.reallocatedInAmount ?? 0n,
      epochInterestRate:
        trancheId === row.trancheId ? row.epochInterestRate : (t?.epochInterestRate ?? 0n),
      transactionHash: event.transaction.hash,
      timestamp: event.block.timestamp,
    });
    return;
  }
  await context.db.update(depositRecord, { id }).set((r) => ({
    acceptedAmount: r.acceptedAmount + (add.acceptedAmount ?? 0n),
    rejectedAmount: r.rejectedAmount + (add.rejectedAmount ?? 0n),
    reallocatedOutAmount: r.reallocatedOutAmount + (add.reallocatedOutAmount ?? 0n),
    reallocatedInAmount: r.reallocatedInAmount + (add.reallocatedInAmount ?? 0n),
    transactionHash: event.transaction.hash,
    timestamp: event.block.timestamp,
  }));
}

ponder.on("LendingPoolManager:RequestAccepted", async ({ event, context }) => {
  await record("LendingPoolManager", "RequestAccepted", event, context);
  const { nftId, assets, shares } = event.args;
  const row = await context.db.update(request, { nftId }).set((r) => ({
    state: "Settled" as const,
    accepted: r.accepted + assets,
    acceptedShares: r.acceptedShares + shares,
    lastEventTimestamp: event.block.timestamp,
  }));
  if (row.kind === "Withdrawal") {
    await addRequestEvent(event, context, row, {
      type: "Accepted",
      amount: assets,
      shares,
      remainingQueued: row.amount - row.acceptedShares - row.rejected,
    });
  } else {
    await addRequestEvent(event, context, row, { type: "Accepted", amount: assets });
    await addToDepositRecord(event, context, row, row.trancheId, { acceptedAmount: assets });
  }
});

ponder.on("LendingPoolManager:RequestReallocated", async ({ event, context }) => {
  await record("LendingPoolManager", "RequestReallocated", event, context);
  const { nftId, assets, toTrancheId } = event.args;
  const row = await context.db.update(request, { nftId }).set((r) => ({
    state: "Settled" as const,
    reallocated: r.reallocated + assets,
    lastEventTimestamp: event.block.timestamp,
  }));
  await addRequestEvent(event, context, row, { type: "Reallocated", amount: assets, toTrancheId });
  await addToDepositRecord(event, context, row, row.trancheId, { reallocatedOutAmount: assets });
  await addToDepositRecord(event, context, row, toTrancheId, { reallocatedInAmount: assets });
});

ponder.on("LendingPoolManager:RequestRejected", async ({ event, context }) => {
  await record("LendingPoolManager", "RequestRejected", event, context);
  const { nftId, amount } = event.args;
  const row = await context.db.update(request, { nftId }).set((r) => ({
    state: "Settled" as const,
    rejected: r.rejected + amount,
    lastEventTimestamp: event.block.timestamp,
  }));
  if (row.kind === "Withdrawal") {
    await addRequestEvent(event, context, row, {
      type: "Rejected",
      amount,
      remainingQueued: row.amount - row.acceptedShares - row.rejected,
    });
  } else {
    await addRequestEvent(event, context, row, { type: "Rejected", amount });
    await addToDepositRecord(event, context, row, row.trancheId, { rejectedAmount: amount });
  }
});

// ---------------------------------------------------------------- clearing

ponder.on("LendingPoolManager:EpochCleared", async ({ event, context }) => {
  await record("LendingPoolManager", "EpochCleared", event, context);
  const { poolId, epoch } = event.args;
  await context.db
    .insert(epochClearing)
    .values({
      poolId,
      epoch,
      interest: event.args.interest,
      fee: event.args.fee,
      withdrawalsPaid: event.args.withdrawalsPaid,
      depositsAccepted: event.args.depositsAccepted,
      timestamp: event.block.timestamp,
      transactionHash: event.transaction.hash,
    })
    .onConflictDoUpdate({
      interest: event.args.interest,
      fee: event.args.fee,
      withdrawalsPaid: event.args.withdrawalsPaid,
      depositsAccepted: event.args.depositsAccepted,
      timestamp: event.block.timestamp,
      transactionHash: event.transaction.hash,
    });
  await context.db.update(pool, { poolId }).set((p) => ({
    lastClearedEpoch:
      p.lastClearedEpoch === null || p.lastClearedEpoch < epoch ? epoch : p.lastClearedEpoch,
  }));
  // The pool after the clearing (for the pool page's charts): drawn principal, and per tranche
  // its value and capacity, read at the clearing block.
  const [poolState, poolView] = await Promise.all([
    context.client.readContract({
      abi: lendingPoolManagerAbi,
      address: event.log.address,
      functionName: "getPoolState",
      args: [poolId],
      blockNumber: event.block.number,
    }),
    context.client.readContract({
      abi: lendingPoolManagerAbi,
      address: event.log.address,
      functionName: "getPool",
      args: [poolId],
      blockNumber: event.block.number,
    }),
  ]);
  await context.db
    .update(epochClearing, { poolId, epoch })
    .set({ drawnPrincipal: poolState.drawnPrincipal });
  // Per tranche: the epoch's prices (read at the clearing block) and the rate now in force.
  for (let trancheId = 0n; ; trancheId++) {
    const t = await context.db.find(tranche, { poolId, trancheId });
    if (!t) break;
    const prices = await context.client.readContract({
      abi: lendingPoolManagerAbi,
      address: event.log.address,
      functionName: "getEpochPrices",
      args: [poolId, epoch, trancheId],
      blockNumber: event.block.number,
    });
    await context.db
      .insert(trancheClearing)
      .values({
        poolId,
        epoch,
        trancheId,
        sharesPerAsset: prices.sharesPerAsset,
        assetsPerShare: prices.assetsPerShare,
        epochInterestRate: t.epochInterestRate,
        totalAssets: poolView.tranches[Number(trancheId)]?.totalAssets ?? null,
        capacity: poolView.tranches[Number(trancheId)]?.capacity ?? null,
      })
      .onConflictDoNothing();
  }
});

ponder.on("LendingPoolManager:InterestShortfall", async ({ event, context }) => {
  await record("LendingPoolManager", "InterestShortfall", event, context);
  const { poolId, epoch, due, paid } = event.args;
  // Emitted before EpochCleared in the same clearing.
  await context.db
    .insert(epochClearing)
    .values({
      poolId,
      epoch,
      interest: 0n,
      fee: 0n,
      withdrawalsPaid: 0n,
      depositsAccepted: 0n,
      shortfallDue: due,
      shortfallPaid: paid,
      timestamp: event.block.timestamp,
      transactionHash: event.transaction.hash,
    })
    .onConflictDoUpdate({ shortfallDue: due, shortfallPaid: paid });
});

// ---------------------------------------------------------------- fixed-term locks

const LOCK_FROM_SHARES = toFunctionSelector(
  "lockDepositForFixedTerm(uint256,uint256,uint256,uint256)",
);

type LockRow = typeof fixedTermLock.$inferSelect;

async function addFixedTermEvent(
  event: AnyEvent,
  context: Context,
  lock: LockRow,
  fields: {
    type: "FixApy" | "FixedDeposit" | "WithdrawAtExpiryRequested" | "Converted" | "PaidAtExpiry";
    assets: bigint;
    shares: bigint;
    returnedValue?: bigint | null;
    withdrawAtExpiry: boolean;
  },
) {
  const config = await context.db.find(fixedTermConfig, {
    poolId: lock.poolId,
    trancheId: lock.trancheId,
    configId: lock.configId,
  });
  const genesis = await genesisOf(context, event.log.address);
  await context.db
    .insert(fixedTermEvent)
    .values({
      id: eventId(event),
      lockId: lock.lockId,
      owner: lock.owner,
      type: fields.type,
      poolId: lock.poolId,
      trancheId: lock.trancheId,
      configId: lock.configId,
      epochInterestRate: config?.epochInterestRate ?? 0n,
      assets: fields.assets,
      shares: fields.shares,
      returnedValue: fields.returnedValue ?? null,
      endEpoch: lock.endEpoch,
      releaseTime: BigInt(fixedTermReleaseTime(genesis, lock.endEpoch, fields.withdrawAtExpiry)),
      timestamp: event.block.timestamp,
      blockNumber: event.block.number,
      logIndex: event.log.logIndex,
      transactionHash: event.transaction.hash,
    })
    .onConflictDoNothing();
}

ponder.on("LendingPoolManager:FixedTermLocked", async ({ event, context }) => {
  await record("LendingPoolManager", "FixedTermLocked", event, context);
  const a = event.args;
  const lock = {
    lockId: a.lockId,
    owner: lower(a.user),
    poolId: a.poolId,
    trancheId: a.trancheId,
    configId: a.configId,
    assets: a.assets,
    shares: a.shares,
    endEpoch: a.endEpoch,
    withdrawAtExpiry: false,
    released: false,
    releasedAssets: null,
    timestamp: event.block.timestamp,
    transactionHash: event.transaction.hash,
  };
  await context.db.insert(fixedTermLock).values(lock).onConflictDoNothing();
  // Fix APY locks free shares (its own call); a fixed-term deposit's lock starts at settlement.
  const fromShares = event.transaction.input?.slice(0, 10).toLowerCase() === LOCK_FROM_SHARES;
  await addFixedTermEvent(event, context, lock, {
    type: fromShares ? "FixApy" : "FixedDeposit",
    assets: a.assets,
    shares: a.shares,
    withdrawAtExpiry: false,
  });
});

ponder.on("LendingPoolManager:FixedTermWithdrawalRequested", async ({ event, context }) => {
  await record("LendingPoolManager", "FixedTermWithdrawalRequested", event, context);
  const lock = await context.db.find(fixedTermLock, { lockId: event.args.lockId });
  if (!lock) return;
  await context.db
    .update(fixedTermLock, { lockId: event.args.lockId })
    .set({ withdrawAtExpiry: true });
  // The lock's value at this block, as the lender saw it when asking.
  const locks = await context.client.readContract({
    abi: lendingPoolManagerAbi,
    address: event.log.address,
    functionName: "getUserFixedTermLocks",
    args: [event.args.user],
    blockNumber: event.block.number,
  });
  const now = locks.find((l) => l.lockId === event.args.lockId);
  await addFixedTermEvent(event, context, lock, {
    type: "WithdrawAtExpiryRequested",
    assets: now?.assets ?? lock.assets,
    shares: lock.shares,
    withdrawAtExpiry: true,
  });
});

ponder.on("LendingPoolManager:FixedTermReleased", async ({ event, context }) => {
  await record("LendingPoolManager", "FixedTermReleased", event, context);
  const lock = await context.db.find(fixedTermLock, { lockId: event.args.lockId });
  if (!lock) return;
  await context.db
    .update(fixedTermLock, { lockId: event.args.lockId })
    .set({ released: true, releasedAssets: event.args.assets });
  // What came back as variable shares, in USDC at the release's block.
  const returned = await sharesValue(
    context,
    event.log.address,
    lock.poolId,
    lock.trancheId,
    event.args.shares,
    event.block.number,
  );
  const paid = event.args.assets;
  await addFixedTermEvent(event, context, lock, {
    type: lock.withdrawAtExpiry ? "PaidAtExpiry" : "Converted",
    assets: lock.withdrawAtExpiry ? paid : returned,
    shares: event.args.shares,
    returnedValue: lock.withdrawAtExpiry ? returned : null,
    withdrawAtExpiry: lock.withdrawAtExpiry,
  });
});

// ---------------------------------------------------------------- incidents and losses

ponder.on("LendingPoolManager:IncidentSet", async ({ event, context }) => {
  await record("LendingPoolManager", "IncidentSet", event, context);
  const { poolId, open } = event.args;
  const [current] = await context.db.sql
    .select()
    .from(incident)
    .where(and(eq(incident.poolId, poolId), isNull(incident.closedAt)))
    .orderBy(desc(incident.openedAt))
    .limit(1);
  if (open) {
    if (current) return; // opened again while open: the same period
    await context.db
      .insert(incident)
      .values({
        id: eventId(event),
        poolId,
        openedAt: event.block.timestamp,
        openTransactionHash: event.transaction.hash,
        closedAt: null,
        closeTransactionHash: null,
      })
      .onConflictDoNothing();
  } else if (current) {
    await context.db
      .update(incident, { id: current.id })
      .set({ closedAt: event.block.timestamp, closeTransactionHash: event.transaction.hash });
  }
});

/**
 * A loss: the pool's row, what each tranche lost (its value at the block before and at the
 * report's block) and what each lender of the pool lost per tranche (getUserPosition before and
 * after), unchanged positions too (a Senior lender whose tranche the loss did not reach is still
 * told). Lenders are the owners of the pool's deposit requests; those with no position are skipped.
 */
ponder.on("LendingPoolManager:LossReported", async ({ event, context }) => {
  await record("LendingPoolManager", "LossReported", event, context);
  const { poolId, amount } = event.args;
  const lossId = eventId(event);
  const before = event.block.number - 1n;
  const after = event.block.number;
  const read = <T>(functionName: string, args: readonly unknown[], blockNumber: bigint) =>
    context.client.readContract({
      abi: lendingPoolManagerAbi,
      address: event.log.address,
      functionName: functionName as never,
      args: args as never,
      blockNumber,
    }) as Promise<T>;
  await context.db
    .insert(loss)
    .values({
      id: lossId,
      poolId,
      amount,
      timestamp: event.block.timestamp,
      blockNumber: event.block.number,
      logIndex: event.log.logIndex,
      transactionHash: event.transaction.hash,
    })
    .onConflictDoNothing();
  type TrancheState = { totalAssets: bigint; fixedTermAssets: bigint };
  const value = (s: TrancheState) => s.totalAssets + s.fixedTermAssets;
  for (let trancheId = 0n; ; trancheId++) {
    const t = await context.db.find(tranche, { poolId, trancheId });
    if (!t) break;
    const [a, b] = await Promise.all([
      read<TrancheState>("getTrancheState", [poolId, trancheId], before),
      read<TrancheState>("getTrancheState", [poolId, trancheId], after),
    ]);
    await context.db
      .insert(trancheLoss)
      .values({
        id: `${lossId}-${trancheId}`,
        lossId,
        poolId,
        trancheId,
        valueBefore: value(a),
        valueAfter: value(b),
      })
      .onConflictDoNothing();
  }
  const owners = await context.db.sql
    .selectDistinct({ owner: request.owner })
    .from(request)
    .where(and(eq(request.poolId, poolId), eq(request.kind, "Deposit")));
  type Position = {
    poolId: bigint;
    trancheId: bigint;
    shares: bigint;
    balance: bigint;
    lockedInFixedTerm: bigint;
  };
  for (const { owner } of owners) {
    const [[pa], [pb]] = await Promise.all([
      read<[Position[]]>("getUserPosition", [owner], before),
      read<[Position[]]>("getUserPosition", [owner], after),
    ]);
    for (const p of pa.filter((x) => x.poolId === poolId)) {
      const q = pb.find((x) => x.poolId === poolId && x.trancheId === p.trancheId);
      const fixedAfter = q?.lockedInFixedTerm ?? 0n;
      const variableAfter = (q?.balance ?? 0n) - fixedAfter;
      const variableBefore = p.balance - p.lockedInFixedTerm;
      await context.db
        .insert(lenderLoss)
        .values({
          id: `${lossId}-${owner}-${p.trancheId}`,
          lossId,
          owner: lower(owner),
          poolId,
          trancheId: p.trancheId,
          shares: p.shares,
          variableBefore,
          variableAfter,
          fixedBefore: p.lockedInFixedTerm,
          fixedAfter,
          timestamp: event.block.timestamp,
          blockNumber: event.block.number,
          transactionHash: event.transaction.hash,
        })
        .onConflictDoNothing();
    }
  }
});

// ---------------------------------------------------------------- KSU locks

ponder.on("KsuLocking:Locked", async ({ event, context }) => {
  await record("KsuLocking", "Locked", event, context);
  const a = event.args;
  await context.db
    .insert(ksuLock)
    .values({
      user: lower(a.user),
      lockId: a.lockId,
      lockPeriodId: a.lockPeriodId,
      amount: a.amount,
      rKsu: a.rKsu,
      unlockTime: a.unlockTime,
      launchBonus: a.launchBonus,
      unlockedAmount: 0n,
      timestamp: event.block.timestamp,
      transactionHash: event.transaction.hash,
    })
    .onConflictDoNothing();
});

ponder.on("KsuLocking:Unlocked", async ({ event, context }) => {
  await record("KsuLocking", "Unlocked", event, context);
  const key = { user: lower(event.args.user), lockId: event.args.lockId };
  if (await context.db.find(ksuLock, key)) {
    await context.db
      .update(ksuLock, key)
      .set((l) => ({ unlockedAmount: l.unlockedAmount + event.args.amount }));
  }
});

// ---------------------------------------------------------------- every other event

const handled = new Set([
  "PoolCreated",
  "TrancheCreated",
  "TrancheRateApplied",
  "FixedTermConfigAdded",
  "FixedTermStatusSet",
  "RequestCreated",
  "RequestRerated",
  "RequestCancelled",
  "RequestPartCancelled",
  "WithdrawalForced",
  "RequestAccepted",
  "RequestReallocated",
  "RequestRejected",
  "EpochCleared",
  "InterestShortfall",
  "FixedTermLocked",
  "FixedTermWithdrawalRequested",
  "FixedTermReleased",
  "IncidentSet",
  "LossReported",
  "Locked",
  "Unlocked",
]);

const eventNames = (abi: readonly { type: string; name?: string }[]) =>
  abi.filter((x) => x.type === "event" && x.name && !handled.has(x.name)).map((x) => x.name!);

for (const name of eventNames(lendingPoolManagerAbi)) {
  ponder.on(
    `LendingPoolManager:${name}` as never,
    (async ({ event, context }: Ev) => {
      await record("LendingPoolManager", name, event, context);
    }) as never,
  );
}
for (const name of eventNames(ksuLockingAbi)) {
  ponder.on(
    `KsuLocking:${name}` as never,
    (async ({ event, context }: Ev) => {
      await record("KsuLocking", name, event, context);
    }) as never,
  );
}

// ---------------------------------------------------------------- referral payouts

ponder.on("ReferralRewards:ReferralRewardPaid", async ({ event, context }) => {
  await record("ReferralRewards", "ReferralRewardPaid", event, context);
});

type Ev = { event: AnyEvent & Event; context: Context };
