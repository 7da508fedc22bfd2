/**
 * Keeps KsuLocking's KSU price live: at start, then whenever the on-chain price is older than the
 * refresh interval (a quarter of `maxPriceAge` by default) or the source moved by more than the
 * threshold, the keeper publishes its source's price with `setKsuPrice`. Checked at most once a
 * minute of chain time. A failed read or send is logged and retried with backoff; it never throws,
 * so clearing and settlement go on (docs/protocol.md "The bad day").
 */
import { ksuLockingAbi } from "@lending/sdk";
import { BaseError, type Address, type Hash, type PublicClient } from "viem";
import { ActionRefused } from "./errors";
import type { KeeperLogger } from "./log";
import type { BlockRef, KsuPriceSource } from "./price";

/** Chain seconds between two checks of the source and the on-chain price. */
export const PRICE_CHECK_SECONDS = 60n;

export type PublishReason = "start" | "unset" | "age" | "moved";

/** Why the source's price must be published now, or undefined when the on-chain one is fine. */
export function publishReason(args: {
  publishedSinceStart: boolean;
  onChain: { priceUsdc6: bigint; updatedAt: bigint };
  candidate: bigint;
  now: bigint;
  refreshSeconds: bigint;
  maxMovePpm: bigint;
}): PublishReason | undefined {
  const { onChain, candidate } = args;
  if (onChain.priceUsdc6 === 0n) return "unset";
  if (!args.publishedSinceStart) return "start";
  if (args.now - onChain.updatedAt >= args.refreshSeconds) return "age";
  const move =
    candidate > onChain.priceUsdc6
      ? candidate - onChain.priceUsdc6
      : onChain.priceUsdc6 - candidate;
  if (move * 1_000_000n > args.maxMovePpm * onChain.priceUsdc6) return "moved";
  return undefined;
}

export class KsuPricePublisher {
  private publishedSinceStart = false;
  private lastCheck?: bigint;
  private failures = 0;
  private retryAt = 0;
  private clampLogged = false;

  constructor(
    private readonly deps: {
      publicClient: PublicClient;
      source: KsuPriceSource;
      ksuLocking: Address;
      send: (request: {
        address: Address;
        abi: typeof ksuLockingAbi;
        functionName: "setKsuPrice";
        args: readonly [bigint];
      }) => Promise<Hash>;
      log: KeeperLogger;
      /** undefined: a quarter of maxPriceAge */
      refreshSeconds?: number;
      maxMovePpm: bigint;
      pollIntervalMs: number;
      maxBackoffMs: number;
    },
  ) {}

  /** Forgets the last check (the chain was rewound). */
  reset(): void {
    this.lastCheck = undefined;
    this.deps.source.reset();
  }

  /** One check at the head block; never throws. */
  async run(head: BlockRef): Promise<void> {
    if (Date.now() < this.retryAt) return;
    const last = this.lastCheck;
    if (
      last !== undefined &&
      head.timestamp >= last &&
      head.timestamp - last < PRICE_CHECK_SECONDS
    ) {
      return;
    }
    try {
      await this.check(head);
      this.lastCheck = head.timestamp;
      if (this.failures > 0) this.deps.log({ level: "info", action: "ksu-price-recovered" });
      this.failures = 0;
      this.retryAt = 0;
    } catch (error) {
      if (error instanceof ActionRefused && error.lostRace) {
        // another keeper with the same key sent first: checked again next pass
        this.deps.log({ level: "info", action: "ksu-price", outcome: "lost-race" });
        return;
      }
      this.failures += 1;
      const wait = Math.min(
        this.deps.maxBackoffMs,
        this.deps.pollIntervalMs * 2 ** Math.min(this.failures - 1, 20),
      );
      this.retryAt = Date.now() + wait;
      this.deps.log({
        level: "warn",
        action: "ksu-price",
        outcome: "failed",
        source: this.deps.source.description,
        failures: this.failures,
        retryInMs: wait,
        error:
          error instanceof BaseError
            ? error.shortMessage
            : error instanceof Error
              ? error.message
              : String(error),
      });
    }
  }

  private async check(head: BlockRef): Promise<void> {
    const { publicClient, source } = this.deps;
    const locking = { address: this.deps.ksuLocking, abi: ksuLockingAbi, blockNumber: head.number };
    const [reading, [priceUsdc6, updatedAt], maxPriceAge] = await Promise.all([
      source.read(head),
      publicClient.readContract({ ...locking, functionName: "ksuPrice" }),
      publicClient.readContract({ ...locking, functionName: "maxPriceAge" }),
    ]);
    const refreshSeconds = this.refreshSeconds(maxPriceAge);
    const reason = publishReason({
      publishedSinceStart: this.publishedSinceStart,
      onChain: { priceUsdc6, updatedAt },
      candidate: reading.priceUsdc6,
      now: head.timestamp,
      refreshSeconds,
      maxMovePpm: this.deps.maxMovePpm,
    });
    if (!reason) return;
    const hash = await this.deps.send({
      address: this.deps.ksuLocking,
      abi: ksuLockingAbi,
      functionName: "setKsuPrice",
      args: [reading.priceUsdc6],
    });
    this.publishedSinceStart = true;
    this.deps.log({
      level: "info",
      action: "ksu-price",
      reason,
      priceUsdc6: reading.priceUsdc6,
      previousUsdc6: priceUsdc6,
      method: reading.method,
      ...(reading.windowSeconds !== undefined ? { windowSeconds: reading.windowSeconds } : {}),
      source: source.description,
      txHash: hash,
    });
  }

  /** The configured refresh interval, kept under maxPriceAge (else a quarter of it). */
  private refreshSeconds(maxPriceAge: bigint): bigint {
    const quarter = maxPriceAge / 4n > 0n ? maxPriceAge / 4n : 1n;
    const configured = this.deps.refreshSeconds;
    if (configured === undefined) return quarter;
    if (BigInt(configured) < maxPriceAge) return BigInt(configured);
    if (!this.clampLogged) {
      this.clampLogged = true;
      this.deps.log({
        level: "warn",
        action: "ksu-price",
        outcome: "refresh-clamped",
        configuredSeconds: configured,
        maxPriceAge,
        refreshSeconds: quarter,
      });
    }
    return quarter;
  }
}
