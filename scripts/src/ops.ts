/**
 * Keeper and ops commands against a deployed protocol (the deployment record in
 * packages/sdk/src/deployments/<CHAIN_ID>.json).
 *
 *   npm run ops -- state
 *   npm run ops -- clear --pool 0 [--all]        clear the oldest uncleared epoch (--all: every one due)
 *   npm run ops -- settle --ids 1,2,3            settle cleared requests (at most 100)
 *   npm run ops -- advance-time --days 7         anvil only: evm_increaseTime + evm_mine
 *   npm run ops -- pool:create --name "Invoice pool" --tranche1 "Junior,12,10,5000,100000" [--tranche2 …] [--reason text]
 *   npm run ops -- set-rate --pool 0 --tranche 2 --apy 0.1
 *   npm run ops -- draw --pool 0 --amount 1000 --to 0x...
 *   npm run ops -- repay --pool 0 --principal 1000 --interest 50
 *   npm run ops -- publish-repayments --pool 0 --epoch 3 --opening 1000 --drawdowns 0 \
 *     --repayments 120 --closing 900 --interest 20 --arrears 0 --losses 0
 *   npm run ops -- set-ksu-price --usdc 0.5
 *   npm run ops -- withdraw:force --pool 0 --tranche 1 --user 0x... --shares all --reason "why"
 *     pool manager only: queues a lender's withdrawal on the lender's behalf (paid to the lender)
 *   npm run ops -- tranche:close --pool 0 --tranche 0 --reason "why"
 *     pool manager only: the tranche takes no new deposits (its lenders keep their positions and
 *     withdrawals; queued deposits move to a more senior tranche or are refunded at clearing)
 *   npm run ops -- tranche:reopen --pool 0 --tranche 0 --reason "why"   it takes deposits again
 *   npm run ops -- time:clearing                 anvil only: to the next clearing period
 *   npm run ops -- time:next-epoch               anvil only: to the start of the next epoch
 *   npm run ops -- fund 0x...                    anvil only: 10,000 USDC, 1,000 KSU and 10 ETH
 *   npm run ops -- incident:open --pool 0        pool manager: keepers stop clearing the pool
 *   npm run ops -- loss:report --pool 0 --amount 500 [--reason text] [--no-mail]   (needs an open incident)
 *     mails every lender of the pool with an email on file (the outbox locally), with --reason
 *   npm run ops -- loss:mail --pool 0 --tx 0x.. [--reason "text"]   the mail of a reported loss (again)
 *   npm run ops -- incident:close --pool 0       the keeper resumes
 *   npm run ops -- default:play --pool 0 --amount 500 [--reason text] [--no-mail]
 *     the whole procedure: open an incident, report the loss, clear due epochs, close it
 *     (on anvil it first draws the loan it loses, when less is drawn)
 *
 * Env: RPC_URL (default http://127.0.0.1:8545), CHAIN_ID (default 31337), OPS_PRIVATE_KEY
 * (required unless CHAIN_ID is 31337, where anvil's account 0, the local admin, signs).
 * Database commands (kyc:approve, loan-tickets:create, ...): DATABASE_URL, else the database
 * `npm start` serves on 127.0.0.1:DB_PORT (default 5488), else the PGLITE_DIR folder directly.
 * The loan-ticket commands also use the chain and the web server's variables (MAIL_FROM,
 * SMTP_URL, the KYC provider, APP_URL, INDEXER_URL): see scripts/src/ops/loan-tickets.ts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { apyToEpochRate, epochRateToApy, lendingPoolManagerAbi, testUsdcAbi } from "@lending/sdk";
import { formatUnits, isAddress, parseUnits, type Abi, type Address, type Hex } from "viem";
import {
  fundWallet,
  moveToClearingPeriod,
  moveToNextEpoch,
} from "../../apps/web/src/server/dev/demo-controls";
import {
  assertPoolManager,
  closeIncident,
  openIncident,
  playDefault,
  reportLoss,
  type IncidentStep,
} from "../../apps/web/src/server/services/incidents";
import { loadRootDotenv } from "./lib/db";
import { mailLossFromOps } from "./ops/loss-mail";
import { createPoolFromOps, parsePoolCreateFlags, POOL_CREATE_USAGE } from "./ops/pool-create";
import { auditFromOps } from "./ops/audit";
import { deployerAccount } from "./lib/dev-accounts";
import { dbCommands as tableCommands } from "./ops/db-commands";
import { ticketCommands } from "./ops/loan-tickets";

import {
  FORCE_WITHDRAWAL_USAGE,
  parseForceWithdrawalArgs,
  runForceWithdrawal,
} from "./ops/force-withdrawal";
import {
  parseTrancheStateArgs,
  runTrancheState,
  TRANCHE_CLOSE_USAGE,
  TRANCHE_REOPEN_USAGE,
} from "./ops/tranche-state";
import { paths } from "./lib/paths";
import { LOCAL_CHAIN_ID, loadDeployment, OpsError, opsChain, opsEnv } from "./ops/chain";

/** Commands on the database (loan tickets also on the chain), run before the chain env is read. */
const dbCommands = { ...tableCommands, ...ticketCommands };

export { OpsError };

type Flags = Record<string, string | true>;

/** Parses `--name value` and `--flag` pairs. */
export function parseFlags(args: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (!arg.startsWith("--")) throw new OpsError(`Unexpected argument ${arg}`);
    const next = args[i + 1];
    if (next === undefined || next.startsWith("--")) flags[arg.slice(2)] = true;
    else {
      flags[arg.slice(2)] = next;
      i++;
    }
  }
  return flags;
}

function flag(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== "string") throw new OpsError(`Missing --${name} <value>`);
  return value;
}

function bigintFlag(flags: Flags, name: string): bigint {
  const value = flag(flags, name);
  if (!/^\d+$/.test(value)) throw new OpsError(`--${name} must be a whole number`);
  return BigInt(value);
}

function positiveUsdc(flags: Flags, name: string): bigint {
  const value = usdcFlag(flags, name);
  if (value === 0n) throw new OpsError(`--${name} must be above 0`);
  return value;
}

function usdcFlag(flags: Flags, name: string): bigint {
  const value = flag(flags, name);
  if (!/^\d+(\.\d{1,6})?$/.test(value)) throw new OpsError(`--${name} must be a USDC amount`);
  return parseUnits(value, 6);
}

async function lockingAbi(): Promise<Abi> {
  const file = `${paths.contractsOut}/KsuLocking.sol/KsuLocking.json`;
  return (JSON.parse(await readFile(file, "utf8")) as { abi: Abi }).abi;
}

const CHAIN_USAGE = `state | ${POOL_CREATE_USAGE} | clear --pool N [--all] | settle --ids 1,2 | advance-time --days N | set-rate --pool N --tranche N --apy 0.1 | draw --pool N --amount 100 --to 0x.. | repay --pool N --principal 100 --interest 5 | publish-repayments --pool N --epoch N --opening 0 --drawdowns 0 --repayments 0 --closing 0 --interest 0 --arrears 0 --losses 0 | set-ksu-price --usdc 0.5 | ${FORCE_WITHDRAWAL_USAGE} | ${TRANCHE_CLOSE_USAGE} | ${TRANCHE_REOPEN_USAGE} | time:clearing | time:next-epoch | fund 0x.. | incident:open --pool N | loss:report --pool N --amount 500 [--reason text] [--no-mail] | loss:mail --pool N --tx 0x.. [--reason text] | incident:close --pool N | default:play --pool N --amount 500 [--reason text] [--no-mail]`;

function usage(): string {
  const db = Object.values(dbCommands).map((c) => `  ${c.usage.padEnd(72)} ${c.description}`);
  return `Usage: npm run ops -- <command>\n\nChain commands:\n  ${CHAIN_USAGE.split(" | ").join("\n  ")}\n\nDatabase commands:\n${db.join("\n")}`;
}

/**
 * Runs one ops command (`argv`: what follows `npm run ops --`), printing as the CLI prints;
 * throws on a failure. The e2e journeys call it through one long-lived process
 * (scripts/src/ops-runner.ts) instead of a cold start per command.
 */
export async function runOpsCommand(argv: string[]) {
  const [first, ...dbArgs] = argv;
  const dbCommand = first ? dbCommands[first] : undefined;
  if (dbCommand) {
    // as npm start does: a root .env fills what the shell did not set (DB_PORT, PGLITE_DIR...)
    loadRootDotenv();
    await dbCommand.run(dbArgs);
    return;
  }
  const env = opsEnv();
  const [command, ...rest] = argv;
  if (command === "time:clearing" || command === "time:next-epoch" || command === "fund") {
    if (env.CHAIN_ID !== LOCAL_CHAIN_ID) throw new OpsError(`${command} runs on anvil only`);
    const ctx = {
      rpcUrl: env.RPC_URL,
      chainId: env.CHAIN_ID,
      deployment: await loadDeployment(env.CHAIN_ID),
      deployerPrivateKey: (env.OPS_PRIVATE_KEY ?? deployerAccount.privateKey) as Hex,
    };
    if (command === "fund") {
      const to = rest[0];
      if (!to || !isAddress(to)) throw new OpsError("Usage: npm run ops -- fund <address>");
      const hashes = await fundWallet(ctx, to);
      console.log(
        `funded ${to}: 10,000 USDC (tx ${hashes.usdc}), 1,000 KSU (tx ${hashes.ksu}), 10 ETH (tx ${hashes.eth})`,
      );
      return;
    }
    const move = command === "time:clearing" ? moveToClearingPeriod : moveToNextEpoch;
    const { secondsAdvanced, chainTime } = await move(ctx);
    console.log(
      `advanced ${secondsAdvanced} s; chain time ${new Date(chainTime * 1000).toISOString()}`,
    );
    return;
  }
  // Checked before any network call: a bad command line changes nothing.
  const forceArgs = command === "withdraw:force" ? parseForceWithdrawalArgs(rest) : undefined;
  const trancheArgs =
    command === "tranche:close" || command === "tranche:reopen"
      ? parseTrancheStateArgs(command, rest)
      : undefined;
  const flags = forceArgs || trancheArgs ? {} : parseFlags(rest);
  const { publicClient, walletClient, deployment } = await opsChain(env);
  const lpm = { address: deployment.lendingPoolManager, abi: lendingPoolManagerAbi } as const;

  const send = async (what: string, request: Parameters<typeof walletClient.writeContract>[0]) => {
    const { request: simulated } = await publicClient.simulateContract({
      ...request,
      account: walletClient.account,
    } as Parameters<typeof publicClient.simulateContract>[0]);
    const hash = await walletClient.writeContract(simulated as typeof request);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new OpsError(`${what} reverted (tx ${hash})`);
    console.log(`${what}: ok (tx ${hash}, gas ${receipt.gasUsed})`);
    if (request.address === deployment.lendingPoolManager) await audit(hash);
  };
  /** The operator audit trail (the console's): a LendingPoolManager call, with --reason. */
  const audit = (hash: Hex) =>
    auditFromOps({
      client: publicClient,
      deployment,
      chainId: env.CHAIN_ID,
      actor: walletClient.account.address,
      hash,
      reason:
        forceArgs?.reason ??
        trancheArgs?.reason ??
        (typeof flags.reason === "string" ? flags.reason : undefined),
    });

  const incidentCtx = {
    publicClient,
    walletClient,
    deployment,
    local: env.CHAIN_ID === LOCAL_CHAIN_ID,
  };
  const printStep = async (s: IncidentStep) => {
    console.log(`${s.action}: ${s.description} (tx ${s.hash}, block ${s.blockNumber})`);
    await audit(s.hash);
  };
  /** After a loss report: one mail per lender of the pool with an email on file. */
  const mailLoss = async (poolId: bigint, report: IncidentStep | undefined) => {
    if (!report) return;
    if (flags["no-mail"] === true) return console.log("mail: skipped (--no-mail)");
    try {
      const { lenders, mailed } = await mailLossFromOps(
        env.CHAIN_ID,
        poolId,
        report.hash,
        typeof flags.reason === "string" ? flags.reason : undefined,
      );
      console.log(`mail: ${mailed} of ${lenders} lender(s) of pool ${poolId} mailed`);
    } catch (error) {
      throw new OpsError(
        `The loss is reported (tx ${report.hash}) but the lenders were not mailed: ${error instanceof Error ? error.message : String(error)}\nMail them with: npm run ops -- loss:mail --pool ${poolId} --tx ${report.hash}`,
      );
    }
  };

  switch (command) {
    case "incident:open": {
      await printStep(await openIncident(incidentCtx, bigintFlag(flags, "pool")));
      return;
    }
    case "incident:close": {
      await printStep(await closeIncident(incidentCtx, bigintFlag(flags, "pool")));
      return;
    }
    case "loss:report": {
      const poolId = bigintFlag(flags, "pool");
      const step = await reportLoss(incidentCtx, poolId, positiveUsdc(flags, "amount"));
      await printStep(step);
      await mailLoss(poolId, step);
      return;
    }
    case "loss:mail": {
      // (again) the mail of a loss already reported, e.g. after the database or indexer was down
      const tx = flag(flags, "tx");
      if (!/^0x[0-9a-fA-F]{64}$/.test(tx)) throw new OpsError("--tx must be a transaction hash");
      const poolId = bigintFlag(flags, "pool");
      const { lenders, mailed, alreadyMailed } = await mailLossFromOps(
        env.CHAIN_ID,
        poolId,
        tx as Hex,
        typeof flags.reason === "string" ? flags.reason : undefined,
      );
      console.log(
        `mail: ${mailed} of ${lenders} lender(s) of pool ${poolId} mailed` +
          (alreadyMailed ? ` (${alreadyMailed} had been mailed about this loss before)` : ""),
      );
      return;
    }
    case "default:play": {
      const poolId = bigintFlag(flags, "pool");
      const steps = await playDefault(incidentCtx, {
        poolId,
        amount: positiveUsdc(flags, "amount"),
        onStep: (s) =>
          console.log(`${s.action}: ${s.description} (tx ${s.hash}, block ${s.blockNumber})`),
      });
      for (const s of steps) await audit(s.hash);
      await mailLoss(
        poolId,
        steps.find((s) => s.action === "loss:report"),
      );
      return;
    }
    case "state": {
      const [pools, epoch, nextClearing, deferred] = await Promise.all([
        publicClient.readContract({ ...lpm, functionName: "getPools" }),
        publicClient.readContract({ ...lpm, functionName: "currentEpoch" }),
        publicClient.readContract({ ...lpm, functionName: "nextClearingPeriodStart" }),
        publicClient.readContract({ ...lpm, functionName: "deferredPayouts" }),
      ]);
      console.log(
        `epoch ${epoch}; next clearing period ${new Date(Number(nextClearing) * 1000).toISOString()}; deferred payouts ${formatUnits(deferred, 6)} USDC`,
      );
      for (const pool of pools) {
        const s = await publicClient.readContract({
          ...lpm,
          functionName: "getPoolState",
          args: [pool.id],
        });
        const usd = (v: bigint) => formatUnits(v, 6);
        console.log(
          `pool ${pool.id} ${pool.name}: next epoch to clear ${s.nextEpochToClear}, idle ${usd(s.idleLiquidity)}, drawn ${usd(s.drawnPrincipal)}, reserve ${usd(s.interestReserve)}, escrowed ${usd(s.escrowedDeposits)}, payouts ${usd(s.withdrawalPayouts)}`,
        );
        for (const t of pool.tranches) {
          const apy = (epochRateToApy(t.epochInterestRate) * 100).toFixed(2);
          console.log(
            `  tranche ${t.id} ${t.name}: ${usd(t.totalAssets)} of ${usd(t.capacity)} USDC, ${apy}% APY`,
          );
        }
      }
      return;
    }
    case "clear": {
      const poolId = bigintFlag(flags, "pool");
      // During an incident only the pool manager clears (a keeper's key gets a clear error).
      if (
        await publicClient.readContract({ ...lpm, functionName: "incidentOpen", args: [poolId] })
      ) {
        await assertPoolManager(incidentCtx).catch((error: Error) => {
          throw new OpsError(`Pool ${poolId} has an open incident: ${error.message}`);
        });
        console.log(`pool ${poolId} has an open incident: clearing as the pool manager`);
      }
      for (;;) {
        const s = await publicClient.readContract({
          ...lpm,
          functionName: "getPoolState",
          args: [poolId],
        });
        try {
          await send(`clear pool ${poolId} epoch ${s.nextEpochToClear}`, {
            ...lpm,
            functionName: "clear",
            args: [poolId],
          });
        } catch (error) {
          if (
            flags.all === true &&
            error instanceof Error &&
            /ClearingNotOpen/.test(error.message)
          ) {
            console.log(`epoch ${s.nextEpochToClear} is not due yet`);
            return;
          }
          throw error;
        }
        if (flags.all !== true) return;
      }
    }
    case "settle": {
      const ids = flag(flags, "ids")
        .split(",")
        .map((id) => {
          if (!/^\d+$/.test(id.trim())) throw new OpsError(`Bad request id ${id}`);
          return BigInt(id.trim());
        });
      await send(`settle ${ids.length} request(s)`, {
        ...lpm,
        functionName: "settle",
        args: [ids],
      });
      return;
    }
    case "advance-time": {
      if (env.CHAIN_ID !== LOCAL_CHAIN_ID) throw new OpsError("advance-time runs on anvil only");
      const days = Number(flag(flags, "days"));
      if (!Number.isFinite(days) || days <= 0) throw new OpsError("--days must be positive");
      const seconds = Math.round(days * 86_400);
      await publicClient.request({
        method: "evm_increaseTime" as never,
        params: [seconds] as never,
      });
      await publicClient.request({ method: "evm_mine" as never, params: [] as never });
      const block = await publicClient.getBlock({ blockTag: "latest" });
      console.log(
        `advanced ${days} day(s); chain time ${new Date(Number(block.timestamp) * 1000).toISOString()}`,
      );
      return;
    }
    case "pool:create": {
      const draft = parsePoolCreateFlags(flags);
      const { poolId, hash } = await createPoolFromOps(
        { publicClient, walletClient, deployment },
        draft,
      );
      console.log(
        `pool:create: pool ${poolId} "${draft.name}" with ${draft.tranches.map((t) => t.name).join(", ")} (tx ${hash})`,
      );
      await audit(hash);
      return;
    }
    case "set-rate": {
      const apy = Number(flag(flags, "apy"));
      if (!Number.isFinite(apy) || apy < 0) throw new OpsError("--apy must be a fraction like 0.1");
      await send("set tranche rate", {
        ...lpm,
        functionName: "setTrancheRate",
        args: [bigintFlag(flags, "pool"), bigintFlag(flags, "tranche"), apyToEpochRate(apy)],
      });
      return;
    }
    case "draw": {
      const to = flag(flags, "to");
      if (!isAddress(to)) throw new OpsError("--to must be an address");
      await send("draw", {
        ...lpm,
        functionName: "draw",
        args: [bigintFlag(flags, "pool"), usdcFlag(flags, "amount"), to as Address],
      });
      return;
    }
    case "repay": {
      const principal = usdcFlag(flags, "principal");
      const interest = usdcFlag(flags, "interest");
      const usdc = { address: deployment.usdc, abi: testUsdcAbi } as const;
      const me = walletClient.account.address;
      const balance = await publicClient.readContract({
        ...usdc,
        functionName: "balanceOf",
        args: [me],
      });
      if (balance < principal + interest && env.CHAIN_ID === LOCAL_CHAIN_ID) {
        await send("mint test USDC", {
          ...usdc,
          functionName: "mint",
          args: [me, principal + interest - balance],
        });
      }
      await send("approve USDC", {
        ...usdc,
        functionName: "approve",
        args: [deployment.lendingPoolManager, principal + interest],
      });
      await send("repay", {
        ...lpm,
        functionName: "repay",
        args: [bigintFlag(flags, "pool"), principal, interest],
      });
      return;
    }
    case "publish-repayments": {
      // Historical repayment figures of a pool for an epoch, in USDC (spec: Historical repayments).
      const data = {
        openingLoanBalance: usdcFlag(flags, "opening"),
        newFundingDrawdowns: usdcFlag(flags, "drawdowns"),
        principalInterestRepayments: usdcFlag(flags, "repayments"),
        closingLoanBalance: usdcFlag(flags, "closing"),
        interestPaymentComponent: usdcFlag(flags, "interest"),
        arrears: usdcFlag(flags, "arrears"),
        unrecoverableLosses: usdcFlag(flags, "losses"),
      };
      const poolId = bigintFlag(flags, "pool");
      const epoch = bigintFlag(flags, "epoch");
      await send("publish repayments", {
        ...lpm,
        functionName: "publishRepayments",
        args: [poolId, epoch, data],
      });
      return;
    }
    case "set-ksu-price": {
      await send("set KSU price", {
        address: deployment.ksuLocking,
        abi: await lockingAbi(),
        functionName: "setKsuPrice",
        args: [usdcFlag(flags, "usdc")],
      });
      return;
    }
    case "withdraw:force": {
      if (!forceArgs) throw new OpsError(usage());
      const sent = await runForceWithdrawal({ publicClient, walletClient, deployment }, forceArgs);
      await audit(sent.hash);
      return;
    }
    case "tranche:close":
    case "tranche:reopen": {
      if (!trancheArgs) throw new OpsError(usage());
      const hash = await runTrancheState(
        { publicClient, walletClient, deployment },
        command,
        trancheArgs,
      );
      await audit(hash);
      return;
    }
    default:
      throw new OpsError(usage());
  }
}

// the CLI: run when started as a program (`tsx scripts/src/ops.ts ...`), not when imported
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runOpsCommand(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
