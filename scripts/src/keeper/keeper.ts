/**
 * The keeper: clears each pool as soon as its clearing period opens, settles cleared requests in
 * batches, releases matured fixed-term locks (to the variable balance, or paid out when withdrawn
 * at expiry) and checkpoints the loyalty bonus of lockers whose deposits changed. State comes from
 * the chain only: events scanned in bounded block ranges from the deployment block (a cursor in
 * memory; a restart scans again), and the manager's views. Every action is idempotent on chain, so
 * two keepers at once do no harm: the loser of a race sees an expected revert (logged as such).
 * It also keeps the KSU price live (price-publisher.ts) and, just before clearing an epoch,
 * re-rates that epoch's pending requests whose owner's loyalty level changed.
 */
import { ksuLockingAbi, lendingPoolManagerAbi, requestNftAbi } from "@lending/sdk";
import type { Deployment } from "@lending/sdk/deployments";
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEventLogs,
  zeroAddress,
  type Address,
  type Hash,
  type Log,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Database } from "../../../apps/web/src/server/db/client";
import type { KeeperConfig } from "./config";
import { ActionRefused } from "./errors";
import type { KeeperLogger } from "./log";
import { createPriceSource } from "./price";
import { KsuPricePublisher } from "./price-publisher";
import type { PriceSourceSpec } from "./price-source-spec";
import { ReferralPayer } from "./referrals";
import { CompilotKycProvider } from "../../../apps/web/src/server/services/kyc/compilot";
import { LocalKycProvider } from "../../../apps/web/src/server/services/kyc/local";
import type { KycProvider } from "../../../apps/web/src/server/services/kyc/types";

type PendingRequest = { poolId: bigint; epoch: bigint; user: Address };
/** A fixed-term lock not released yet: due once its pool has cleared past its end. */
type OpenLock = { poolId: bigint; endEpoch: bigint; withdrawAtExpiry: boolean };
type Constants = {
  genesis: bigint;
  epochDuration: bigint;
  clearingPeriod: bigint;
  maxSettleBatch: number;
};

/** RequestStatus.Pending in the manager's RequestView. */
const STATUS_PENDING = 1;
/** Requests read at once when looking for ones to re-rate. */
const RERATE_READS_AT_ONCE = 10;

/** Reverts that mean another keeper (or anyone) got there first: expected, not errors. */
const LOST_RACE_ERRORS = new Set(["ClearingNotOpen", "EpochAlreadyCleared", "LockNotReleasable"]);
/** Nonce clashes between two keepers sharing a key: the other one's transaction went first. */
const NONCE_CLASH =
  /nonce too low|nonce has already been used|lower than the current nonce|replacement transaction underpriced|already known/i;

/** The custom error name of a contract revert, or undefined when `error` is not a revert. */
export function revertName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(revert instanceof ContractFunctionRevertedError)) return undefined;
  return revert.data?.errorName ?? revert.reason ?? "unknown revert";
}

function shortMessage(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Splits `ids` until every batch `trySettle` accepts; an id that fails alone is reported through
 * `onFailed` and never blocks the others. Returns the batches that went through.
 */
export async function settleWithBisection<T>(
  ids: bigint[],
  trySettle: (batch: bigint[]) => Promise<T>,
  onFailed: (id: bigint, reason: string) => void,
): Promise<T[]> {
  if (ids.length === 0) return [];
  try {
    return [await trySettle(ids)];
  } catch (error) {
    if (!(error instanceof ActionRefused) || error.lostRace) throw error;
    if (ids.length === 1) {
      onFailed(ids[0]!, error.reason);
      return [];
    }
    const mid = Math.ceil(ids.length / 2);
    const left = await settleWithBisection(ids.slice(0, mid), trySettle, onFailed);
    const right = await settleWithBisection(ids.slice(mid), trySettle, onFailed);
    return [...left, ...right];
  }
}

export { ActionRefused };

export class Keeper {
  readonly address: Address;
  private readonly publicClient: PublicClient;
  private readonly walletClient;
  private readonly lpm;
  private readonly locking;
  private constants?: Constants;
  /** Next block to scan. */
  private cursor: bigint;
  /** The head of the last pass, to notice a reorg or an anvil revert. */
  private lastScanned?: { number: bigint; hash: `0x${string}` };
  private readonly pending = new Map<bigint, PendingRequest>();
  private readonly openLocks = new Map<bigint, OpenLock>();
  /** lock id -> the pool cursor at which a release was refused: retried when it moves. */
  private readonly parkedLocks = new Map<bigint, bigint>();
  private readonly lockers = new Set<Address>();
  private readonly dirtyLockers = new Set<Address>();
  /** id -> the (pool cursor, request epoch) at which a settle left it pending: retried on change. */
  private readonly parked = new Map<bigint, string>();
  private readonly incidentLogged = new Set<bigint>();
  /** Referral payouts: with a deployment that has ReferralRewards and a database to record in. */
  private readonly referrals?: ReferralPayer;
  /** Publishes the KSU price from its source; absent with KSU_PRICE_SOURCE=none. */
  private readonly prices?: KsuPricePublisher;
  private readonly priceSource: string;
  /** id -> "level:target" of a re-rate that changed nothing (an aged withdrawal keeps level 2). */
  private readonly idleRerates = new Map<bigint, string>();
  /** Epoch mails (issue 28): "pool:epoch" of the clearings still to mail, and the mailer. */
  private readonly toMail = new Set<string>();
  private readonly epochMails?: (poolId: bigint, epoch: bigint) => Promise<unknown>;
  private readonly onPass?: () => void;
  /** The last transaction of the keeper's account: the next one is sent after it (one nonce). */
  private txChain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly config: KeeperConfig,
    private readonly deployment: Deployment,
    private readonly log: KeeperLogger,
    opts: {
      database?: () => Promise<Database | null>;
      /** the identity provider asked at payout; default: KYC_PROVIDER (config.kyc) */
      kyc?: (db: Database) => KycProvider;
      /**
       * Mails the lenders of a cleared epoch (issue 28 item 4); called after each clearing the
       * keeper sends or sees (a lost race), in its own loop, retried while it throws. Must be
       * idempotent (the service mails each lender once).
       */
      epochMails?: (poolId: bigint, epoch: bigint) => Promise<unknown>;
      /** called after each pass that succeeded (the console's "keeper last run") */
      onPass?: () => void;
    } = {},
  ) {
    this.epochMails = opts.epochMails;
    const chain = defineChain({
      id: config.chainId,
      name: `Chain ${config.chainId}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    });
    this.onPass = opts.onPass;
    const transport = http(config.rpcUrl, { retryCount: 0, timeout: 10_000 });
    this.publicClient = createPublicClient({ chain, transport, pollingInterval: 100 });
    const account = privateKeyToAccount(config.privateKey);
    this.address = account.address;
    this.walletClient = createWalletClient({ account, chain, transport });
    this.lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;
    this.locking = { address: deployment.ksuLocking, abi: ksuLockingAbi } as const;
    this.cursor = BigInt(deployment.deployBlock);
    const referralRewards = deployment.referralRewards;
    if (referralRewards && opts.database) {
      this.referrals = new ReferralPayer({
        publicClient: this.publicClient,
        walletClient: this.walletClient,
        deployment: { ...deployment, referralRewards },
        chainId: config.chainId,
        sharePpm: config.referralSharePpm,
        database: opts.database,
        kyc:
          opts.kyc ??
          ((db) =>
            config.kyc.provider === "compilot"
              ? new CompilotKycProvider({ apiUrl: config.kyc.apiUrl, apiKey: config.kyc.apiKey })
              : new LocalKycProvider(db, { autoApprove: false })),
        readsPerPass: config.referralReadsPerPass,
        serialize: (send) => this.serialize(send),
        log,
      });
    }
    // Unset: the local deployment's KSU/USDC pair (config.ts requires it on other chains).
    const spec: PriceSourceSpec =
      config.priceSource ??
      (deployment.ksuUsdcPair
        ? { kind: "uniswap-v2", pair: deployment.ksuUsdcPair }
        : { kind: "none" });
    const source = createPriceSource(spec, this.publicClient, deployment, config);
    this.priceSource = source?.description ?? "none";
    if (source) {
      this.prices = new KsuPricePublisher({
        publicClient: this.publicClient,
        source,
        ksuLocking: deployment.ksuLocking,
        send: (request) => this.send(request),
        log,
        refreshSeconds: config.priceRefreshSeconds,
        maxMovePpm: config.priceMaxMovePpm,
        pollIntervalMs: config.pollIntervalMs,
        maxBackoffMs: config.maxBackoffMs,
      });
    }
  }

  /**
   * Runs passes until `signal` aborts: a pass every poll interval; when a pass fails (RPC down),
   * waits poll x 2^n, capped at the configured maximum (30 s by default), then tries again.
   */
  async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    // the RPC's origin only: provider URLs carry their API key in the path or the credentials
    const rpc = new URL(this.config.rpcUrl).origin;
    this.log({
      level: "info",
      action: "start",
      keeper: this.address,
      rpc,
      ksuPriceSource: this.priceSource,
    });
    // referral payouts in their own loop: clearing and settlement never wait for them
    const payouts = this.referrals ? this.runPayouts(signal) : Promise.resolve();
    const mails = this.epochMails ? this.runEpochMails(signal) : Promise.resolve();
    while (!signal.aborted) {
      let wait = this.config.pollIntervalMs;
      try {
        await this.tick();
        this.onPass?.();
        if (failures > 0) this.log({ level: "info", action: "rpc-recovered", failures });
        failures = 0;
      } catch (error) {
        failures += 1;
        wait = Math.min(
          this.config.maxBackoffMs,
          this.config.pollIntervalMs * 2 ** Math.min(failures - 1, 20),
        );
        this.log({
          level: "warn",
          action: "backoff",
          failures,
          retryInMs: wait,
          error: shortMessage(error),
        });
      }
      await sleep(wait, signal);
    }
    await payouts;
    await mails;
    this.log({ level: "info", action: "stop", keeper: this.address });
  }

  /** The referral payout loop: a bounded pass every poll interval (never throws). */
  private async runPayouts(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.payReferrals().catch((error: unknown) =>
        this.log({ level: "warn", action: "referrals-failed", error: shortMessage(error) }),
      );
      await sleep(this.config.pollIntervalMs, signal);
    }
  }

  /** The epoch mail loop: mails the clearings seen, every poll interval (never throws). */
  private async runEpochMails(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.mailEpochs();
      await sleep(this.config.pollIntervalMs, signal);
    }
  }

  /**
   * One pass of epoch mails (run's third loop; tests call it after `tick`): each clearing seen is
   * mailed once; one whose mailing fails stays queued for the next pass.
   */
  async mailEpochs(): Promise<void> {
    if (!this.epochMails) return;
    for (const key of [...this.toMail]) {
      const [poolId, epoch] = key.split(":").map(BigInt) as [bigint, bigint];
      try {
        const result = await this.epochMails(poolId, epoch);
        this.toMail.delete(key);
        this.log({ level: "info", action: "epoch-mails", poolId, epoch, result });
      } catch (error) {
        this.log({
          level: "warn",
          action: "epoch-mails",
          outcome: "failed",
          poolId,
          epoch,
          error: shortMessage(error),
        });
      }
    }
  }

  /**
   * One pass of referral payouts (run's second loop; tests call it after `tick`): records and
   * pays the rewards of the clearings scanned, at most KEEPER_REFERRAL_READS_PER_PASS referred
   * lenders' holdings read.
   */
  async payReferrals(): Promise<void> {
    await this.referrals?.run();
  }

  /** Sends the keeper's transactions one after the other (one account, one nonce sequence). */
  private serialize<T>(send: () => Promise<T>): Promise<T> {
    const next = this.txChain.then(send, send);
    this.txChain = next.catch(() => undefined);
    return next;
  }

  /**
   * One pass: scan new events, keep the KSU price fresh, re-rate and clear due pools, settle
   * cleared requests, release matured locks, checkpoint lockers. Referral payouts are not part of
   * it (issue 24: they never delay clearing): see {@link payReferrals}.
   */
  async tick(): Promise<void> {
    const constants = await this.loadConstants();
    const head = await this.publicClient.getBlock({ blockTag: "latest" });
    await this.detectRewind(head.number);
    await this.scan(head.number);
    this.lastScanned = { number: head.number, hash: head.hash };
    // before clearing, so levels read a live price; it never throws (failures retried)
    await this.prices?.run({ number: head.number, timestamp: head.timestamp });
    const cursors = await this.clearDuePools(constants, head.timestamp);
    await this.settleCleared(constants, cursors);
    await this.releaseMaturedLocks(cursors);
    await this.checkpointLockers();
  }

  /**
   * A reorg or an anvil revert (evm_revert) replaced the blocks already scanned: forget what they
   * said and scan again from the deployment block.
   */
  private async detectRewind(head: bigint): Promise<void> {
    const last = this.lastScanned;
    if (!last) return;
    const replaced =
      head < last.number ||
      (await this.publicClient.getBlock({ blockNumber: last.number })).hash !== last.hash;
    if (!replaced) return;
    this.log({ level: "warn", action: "chain-rewound", from: last.number, head });
    this.cursor = BigInt(this.deployment.deployBlock);
    this.lastScanned = undefined;
    this.pending.clear();
    this.parked.clear();
    this.openLocks.clear();
    this.parkedLocks.clear();
    this.lockers.clear();
    this.dirtyLockers.clear();
    this.referrals?.reset();
    this.prices?.reset();
    this.idleRerates.clear();
  }

  private async loadConstants(): Promise<Constants> {
    if (this.constants) return this.constants;
    const read = <F extends "genesis" | "EPOCH_DURATION" | "CLEARING_PERIOD" | "MAX_SETTLE_BATCH">(
      functionName: F,
    ) => this.publicClient.readContract({ ...this.lpm, functionName }) as Promise<bigint>;
    const [genesis, epochDuration, clearingPeriod, maxSettleBatch] = await Promise.all([
      read("genesis"),
      read("EPOCH_DURATION"),
      read("CLEARING_PERIOD"),
      read("MAX_SETTLE_BATCH"),
    ]);
    this.constants = {
      genesis,
      epochDuration,
      clearingPeriod,
      maxSettleBatch: Number(maxSettleBatch),
    };
    return this.constants;
  }

  /** Reads the manager's, the request NFT's and the locking contract's events up to `head`. */
  private async scan(head: bigint): Promise<void> {
    const step = BigInt(this.config.logBlockRange);
    while (this.cursor <= head) {
      const toBlock = this.cursor + step - 1n < head ? this.cursor + step - 1n : head;
      const range = { fromBlock: this.cursor, toBlock };
      const [core, locks] = await Promise.all([
        this.publicClient.getLogs({
          address: [this.deployment.lendingPoolManager, this.deployment.requestNft],
          ...range,
        }),
        this.publicClient.getLogs({ address: this.deployment.ksuLocking, ...range }),
      ]);
      const all = [...core, ...locks].sort((a, b) =>
        a.blockNumber === b.blockNumber
          ? (a.logIndex ?? 0) - (b.logIndex ?? 0)
          : a.blockNumber! < b.blockNumber!
            ? -1
            : 1,
      );
      this.apply(all);
      this.cursor = toBlock + 1n;
    }
  }

  private apply(logs: Log[]): void {
    const decoded = parseEventLogs({
      abi: [...lendingPoolManagerAbi, ...requestNftAbi, ...ksuLockingAbi],
      logs,
      strict: false,
    });
    for (const log of decoded) {
      const address = log.address.toLowerCase();
      const args = log.args as Record<string, unknown>;
      switch (log.eventName) {
        case "RequestCreated":
          if (address === this.deployment.lendingPoolManager.toLowerCase()) {
            const id = args.nftId as bigint;
            if (log.blockNumber) {
              this.referrals?.noteLender(
                args.poolId as bigint,
                args.user as string,
                log.blockNumber,
              );
            }
            if (!this.pending.has(id)) {
              this.pending.set(id, {
                poolId: args.poolId as bigint,
                epoch: args.epoch as bigint,
                user: args.user as Address,
              });
            }
          }
          break;
        case "Transfer":
          if (address === this.deployment.requestNft.toLowerCase() && args.to === zeroAddress) {
            this.pending.delete(args.tokenId as bigint);
            this.parked.delete(args.tokenId as bigint);
          }
          break;
        case "FixedTermLocked":
          if (address === this.deployment.lendingPoolManager.toLowerCase()) {
            this.openLocks.set(args.lockId as bigint, {
              poolId: args.poolId as bigint,
              endEpoch: args.endEpoch as bigint,
              withdrawAtExpiry: false,
            });
          }
          break;
        case "FixedTermWithdrawalRequested": {
          const lock = this.openLocks.get(args.lockId as bigint);
          if (lock && address === this.deployment.lendingPoolManager.toLowerCase()) {
            lock.withdrawAtExpiry = true;
          }
          break;
        }
        case "FixedTermReleased":
          if (address === this.deployment.lendingPoolManager.toLowerCase()) {
            this.openLocks.delete(args.lockId as bigint);
            this.parkedLocks.delete(args.lockId as bigint);
          }
          break;
        case "Locked":
          if (address === this.deployment.ksuLocking.toLowerCase()) {
            this.lockers.add(args.user as Address);
          }
          break;
        case "EpochCleared":
          if (address === this.deployment.lendingPoolManager.toLowerCase() && log.blockNumber) {
            this.referrals?.noteClearing({
              poolId: args.poolId as bigint,
              epoch: args.epoch as bigint,
              blockNumber: log.blockNumber,
            });
          }
          break;
        case "InterestShortfall":
          if (address === this.deployment.lendingPoolManager.toLowerCase()) {
            this.referrals?.noteShortfall(
              args.poolId as bigint,
              args.epoch as bigint,
              args.due as bigint,
              args.paid as bigint,
            );
          }
          break;
        case "LossReported":
          for (const user of this.lockers) this.dirtyLockers.add(user);
          break;
        case "LockingNotificationFailed":
        case "RequestAccepted":
        case "RequestReallocated":
          if (this.lockers.has(args.user as Address)) this.dirtyLockers.add(args.user as Address);
          break;
      }
    }
  }

  /** Clears every pool whose oldest uncleared epoch is due; returns each pool's cursor after. */
  private async clearDuePools(c: Constants, now: bigint): Promise<Map<bigint, bigint>> {
    const poolCount = await this.publicClient.readContract({
      ...this.lpm,
      functionName: "poolCount",
    });
    const cursors = new Map<bigint, bigint>();
    for (let poolId = 0n; poolId < poolCount; poolId++) {
      const [state, incident] = await Promise.all([
        this.publicClient.readContract({
          ...this.lpm,
          functionName: "getPoolState",
          args: [poolId],
        }),
        this.publicClient.readContract({
          ...this.lpm,
          functionName: "incidentOpen",
          args: [poolId],
        }),
      ]);
      let epoch = state.nextEpochToClear;
      const opensAt = (e: bigint) =>
        c.genesis + e * c.epochDuration + c.epochDuration - c.clearingPeriod;
      if (incident) {
        if (!this.incidentLogged.has(poolId) && now >= opensAt(epoch)) {
          this.incidentLogged.add(poolId);
          this.log({
            level: "warn",
            action: "clear-skipped",
            poolId,
            epoch,
            reason: "IncidentOpen",
          });
        }
        cursors.set(poolId, epoch);
        continue;
      }
      this.incidentLogged.delete(poolId);
      while (now >= opensAt(epoch)) {
        await this.rerateBeforeClearing(poolId, epoch);
        try {
          const hash = await this.send({ ...this.lpm, functionName: "clear", args: [poolId] });
          this.log({ level: "info", action: "clear", poolId, epoch, txHash: hash });
          this.toMail.add(`${poolId}:${epoch}`);
        } catch (error) {
          if (!(error instanceof ActionRefused)) throw error;
          const after = await this.publicClient.readContract({
            ...this.lpm,
            functionName: "getPoolState",
            args: [poolId],
          });
          // Someone else cleared this epoch meanwhile: whatever the revert said, a lost race.
          const lostRace = error.lostRace || after.nextEpochToClear > epoch;
          if (lostRace) this.toMail.add(`${poolId}:${epoch}`);
          this.log({
            level: lostRace ? "info" : "warn",
            action: "clear",
            outcome: lostRace ? "lost-race" : "refused",
            poolId,
            epoch,
            reason: error.reason,
          });
          if (after.nextEpochToClear === epoch) break; // refused for good this pass
          epoch = after.nextEpochToClear;
          continue;
        }
        epoch += 1n;
      }
      cursors.set(poolId, epoch);
    }
    return cursors;
  }

  /**
   * Moves the pending requests of (pool, epoch) whose owner's loyalty level changed to that level
   * (`rerate`), at most KEEPER_RERATE_MAX per pass: an unlock right after a level-2 request must
   * not keep level 2 through clearing. Skipped while the KSU price is stale (every level would
   * read 0). Never throws: clearing goes on whatever happens here.
   */
  private async rerateBeforeClearing(poolId: bigint, epoch: bigint): Promise<void> {
    const ids = [...this.pending]
      .filter(([, r]) => r.poolId === poolId && r.epoch === epoch)
      .map(([id]) => id)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (ids.length === 0) return;
    try {
      const fresh = await this.publicClient.readContract({
        ...this.locking,
        functionName: "isKsuPriceFresh",
      });
      if (!fresh) {
        this.log({
          level: "warn",
          action: "rerate",
          outcome: "skipped",
          poolId,
          epoch,
          reason: "the KSU price is stale",
        });
        return;
      }
      const levels = new Map<Address, Promise<number>>();
      const levelOf = (user: Address) => {
        let level = levels.get(user);
        if (!level) {
          level = this.publicClient.readContract({
            ...this.locking,
            functionName: "loyaltyLevel",
            args: [user],
          });
          levels.set(user, level);
        }
        return level;
      };
      const changed: { id: bigint; from: number; to: number }[] = [];
      for (let i = 0; i < ids.length; i += RERATE_READS_AT_ONCE) {
        const views = await Promise.all(
          ids.slice(i, i + RERATE_READS_AT_ONCE).map(async (id) => {
            const view = await this.publicClient.readContract({
              ...this.lpm,
              functionName: "requestStatus",
              args: [id],
            });
            if (view.status !== STATUS_PENDING || view.epoch !== epoch) return undefined;
            return { id, from: view.level, to: await levelOf(view.owner) };
          }),
        );
        for (const v of views) {
          if (v && v.from !== v.to && this.idleRerates.get(v.id) !== `${v.from}:${v.to}`) {
            changed.push(v);
          }
        }
      }
      const todo = changed.slice(0, this.config.rerateMax);
      for (const { id, from, to } of todo) {
        try {
          const hash = await this.send({ ...this.lpm, functionName: "rerate", args: [id] });
          const receipt = await this.publicClient.getTransactionReceipt({ hash });
          const [rerated] = parseEventLogs({
            abi: lendingPoolManagerAbi,
            eventName: "RequestRerated",
            logs: receipt.logs,
          });
          // no event: the manager kept the level (a withdrawal queued 5+ epochs stays level 2)
          if (!rerated) this.idleRerates.set(id, `${from}:${to}`);
          this.log({
            level: "info",
            action: "rerate",
            poolId,
            epoch,
            id,
            from,
            to: rerated ? rerated.args.newLevel : from,
            txHash: hash,
          });
        } catch (error) {
          if (!(error instanceof ActionRefused)) throw error;
          this.log({
            level: error.lostRace ? "info" : "warn",
            action: "rerate",
            outcome: error.lostRace ? "lost-race" : "refused",
            poolId,
            epoch,
            id,
            reason: error.reason,
          });
        }
      }
      if (changed.length > todo.length) {
        this.log({
          level: "warn",
          action: "rerate",
          outcome: "capped",
          poolId,
          epoch,
          done: todo.length,
          left: changed.length - todo.length,
        });
      }
    } catch (error) {
      this.log({
        level: "warn",
        action: "rerate",
        outcome: "failed",
        poolId,
        epoch,
        error: shortMessage(error),
      });
    }
  }

  /** Settles every pending request whose epoch is cleared, in batches of MAX_SETTLE_BATCH. */
  private async settleCleared(c: Constants, cursors: Map<bigint, bigint>): Promise<void> {
    const requestEpoch = await this.publicClient.readContract({
      ...this.lpm,
      functionName: "requestEpoch",
    });
    const due: bigint[] = [];
    for (const [id, r] of this.pending) {
      const cursor = cursors.get(r.poolId);
      if (cursor === undefined || r.epoch >= cursor) continue;
      if (this.parked.get(id) === `${cursor}:${requestEpoch}`) continue;
      due.push(id);
    }
    due.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 0; i < due.length; i += c.maxSettleBatch) {
      const batch = due.slice(i, i + c.maxSettleBatch);
      const parkKey = (id: bigint) =>
        `${cursors.get(this.pending.get(id)?.poolId ?? -1n)}:${requestEpoch}`;
      await settleWithBisection(
        batch,
        async (ids) => {
          let hash: Hash;
          try {
            hash = await this.send({ ...this.lpm, functionName: "settle", args: [ids] });
          } catch (error) {
            if (error instanceof ActionRefused && error.lostRace) {
              this.log({
                level: "info",
                action: "settle",
                outcome: "lost-race",
                ids,
                reason: error.reason,
              });
              return;
            }
            throw error;
          }
          const receipt = await this.publicClient.getTransactionReceipt({ hash });
          const burnt = new Set(
            parseEventLogs({ abi: requestNftAbi, eventName: "Transfer", logs: receipt.logs })
              .filter((l) => l.args.to === zeroAddress)
              .map((l) => l.args.tokenId),
          );
          const skipped = ids.filter((id) => !burnt.has(id));
          for (const id of burnt) {
            this.pending.delete(id);
            this.parked.delete(id);
          }
          for (const id of skipped) this.parked.set(id, parkKey(id));
          this.log({
            level: "info",
            action: "settle",
            ids,
            settled: [...burnt],
            skipped,
            txHash: hash,
          });
        },
        (id, reason) => {
          this.parked.set(id, parkKey(id));
          this.log({ level: "warn", action: "settle", outcome: "failed", ids: [id], reason });
        },
      );
    }
  }

  /**
   * Releases every lock whose term is over (`releaseFixedTermLock`, anyone may call it; the value
   * goes to the owner): after its last fixed epoch is cleared it becomes variable balance; one
   * withdrawn at expiry waits for the clearing of the epoch after, which pays it. One
   * transaction per lock; a refused one is logged and retried when its pool's cursor moves.
   */
  private async releaseMaturedLocks(cursors: Map<bigint, bigint>): Promise<void> {
    const due = [...this.openLocks]
      .filter(([id, l]) => {
        const cursor = cursors.get(l.poolId);
        if (cursor === undefined) return false;
        if (this.parkedLocks.get(id) === cursor) return false;
        return l.withdrawAtExpiry ? cursor > l.endEpoch + 1n : cursor > l.endEpoch;
      })
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [lockId, lock] of due) {
      try {
        const hash = await this.send({
          ...this.lpm,
          functionName: "releaseFixedTermLock",
          args: [lockId],
        });
        this.openLocks.delete(lockId);
        this.parkedLocks.delete(lockId);
        this.log({ level: "info", action: "release-lock", lockId, txHash: hash });
      } catch (error) {
        if (!(error instanceof ActionRefused)) throw error;
        this.parkedLocks.set(lockId, cursors.get(lock.poolId)!);
        this.log({
          level: error.lostRace ? "info" : "warn",
          action: "release-lock",
          outcome: error.lostRace ? "lost-race" : "refused",
          lockId,
          reason: error.reason,
        });
      }
    }
  }

  /** Checkpoints the bonus of every locker whose counted deposits may have changed. */
  private async checkpointLockers(): Promise<void> {
    for (const user of [...this.dirtyLockers]) {
      const rksu = await this.publicClient.readContract({
        ...this.locking,
        functionName: "rKsuBalance",
        args: [user],
      });
      if (rksu === 0n) {
        this.dirtyLockers.delete(user);
        continue;
      }
      try {
        const hash = await this.send({
          ...this.locking,
          functionName: "checkpointBonus",
          args: [user],
        });
        this.log({ level: "info", action: "checkpoint-bonus", user, txHash: hash });
      } catch (error) {
        if (!(error instanceof ActionRefused)) throw error;
        this.log({
          level: "warn",
          action: "checkpoint-bonus",
          outcome: "refused",
          user,
          reason: error.reason,
        });
      }
      this.dirtyLockers.delete(user);
    }
  }

  /**
   * Simulates, sends and waits for one transaction. A revert (in simulation or on chain) or a nonce
   * clash throws {@link ActionRefused}; anything else (RPC down) propagates for the backoff.
   */
  private async send(request: {
    address: Address;
    abi: typeof lendingPoolManagerAbi | typeof ksuLockingAbi;
    functionName: string;
    args: readonly unknown[];
  }): Promise<Hash> {
    return this.serialize(() => this.sendNow(request));
  }

  private async sendNow(request: {
    address: Address;
    abi: typeof lendingPoolManagerAbi | typeof ksuLockingAbi;
    functionName: string;
    args: readonly unknown[];
  }): Promise<Hash> {
    let hash: Hash;
    try {
      const { request: simulated } = await this.publicClient.simulateContract({
        ...request,
        account: this.walletClient.account,
      } as Parameters<PublicClient["simulateContract"]>[0]);
      hash = await this.walletClient.writeContract(
        simulated as Parameters<typeof this.walletClient.writeContract>[0],
      );
    } catch (error) {
      const name = revertName(error);
      if (name) throw new ActionRefused(name, LOST_RACE_ERRORS.has(name));
      if (NONCE_CLASH.test(shortMessage(error)) || NONCE_CLASH.test(String(error))) {
        throw new ActionRefused("nonce clash with another keeper", true);
      }
      throw error;
    }
    const receipt = await this.publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== "success") {
      // Mined but reverted: another keeper's transaction of the same block went first.
      throw new ActionRefused(`reverted on chain (tx ${hash})`, true);
    }
    return hash;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
