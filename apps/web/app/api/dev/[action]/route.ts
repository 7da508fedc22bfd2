import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { isAddress, isAddressEqual, parseUnits, zeroAddress, type Address } from "viem";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import {
  fundWallet,
  moveToClearingPeriod,
  moveToNextEpoch,
  playDemoDefault,
  type DemoControlsContext,
} from "@/server/dev/demo-controls";
import { database } from "@/server/context";
import { requireLocalOnly } from "@/server/dev/local-only";
import { IncidentError } from "@/server/services/incidents";
import { clearInitialReadCache } from "@/server/services/initial-reads";
import { pageCache } from "@/server/http/page-cache";
import { kycProvider } from "@/server/services/kyc";
import { mailLossReport } from "@/server/services/loss-notices";
import { HttpError, notFound, UpstreamError } from "@/server/http/errors";
import { apiHandler, readJson } from "@/server/http/handler";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ action?: string }> };

const ACTIONS = ["clearing", "next-epoch", "fund", "default"] as const;
type Action = (typeof ACTIONS)[number];

const fundBody = z
  .object({
    address: z
      .string()
      .refine((v) => isAddress(v), "must be an address")
      .refine(
        (v) => !isAddress(v) || !isAddressEqual(v, zeroAddress),
        "must not be the zero address: nobody holds it, so nothing can be sent there",
      ),
  })
  .strict();
const defaultBody = z
  .object({
    poolId: z.string().regex(/^\d{1,6}$/, "must be a pool id"),
    amount: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,6})?$/, "must be a USDC amount")
      .refine((v) => parseUnits(v, 6) > 0n, "must be above 0"),
  })
  .strict();
/** The clock moves take an empty JSON object: a JSON body cannot be sent cross-site without CORS. */
const emptyBody = z.object({}).strict();

/**
 * Off the local chain (the one guard of every local-only surface: chain 31337 and a real anvil)
 * the route does not exist: every method, OPTIONS included, is a 404.
 */
async function localOnly(): Promise<DemoControlsContext> {
  const config = serverConfig();
  await requireLocalOnly(config);
  if (!hasDeployment(config.chainId)) throw notFound("No API endpoint here");
  return {
    rpcUrl: config.rpcUrl,
    chainId: config.chainId,
    deployment: getDeployment(config.chainId),
  };
}

async function actionOf(context: Context): Promise<Action> {
  const { action } = await context.params;
  if (!ACTIONS.includes(action as Action))
    throw notFound(`No demo control named ${String(action).slice(0, 40)}`);
  return action as Action;
}

async function onChain<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new UpstreamError(
      `${what}: ${error instanceof Error ? error.message : String(error)}`,
      "The local chain did not answer: is anvil running?",
    );
  }
}

/**
 * POST /api/dev/clearing | /api/dev/next-epoch | /api/dev/fund {address} | /api/dev/default
 * {poolId, amount}: the dev panel's demo controls (chain 31337 only; a 404 on any other chain).
 * Clock moves answer `{secondsAdvanced, chainTime}`; fund answers the three transaction hashes;
 * default answers `{steps: [{action, description, hash, blockNumber}], mail}`.
 */
export const POST = apiHandler<Context>(async (request, context) => {
  const ctx = await localOnly();
  const action = await actionOf(context);
  if (action === "fund") {
    const { address } = await readJson(request, fundBody);
    return onChain("fund", () => fundWallet(ctx, address as `0x${string}`));
  }
  if (action === "default") {
    const body = await readJson(request, defaultBody);
    return afterChainMoved(() => playDefaultAndMail(ctx, body, new URL(request.url).origin));
  }
  await readJson(request, emptyBody);
  const move = action === "clearing" ? moveToClearingPeriod : moveToNextEpoch;
  return afterChainMoved(() => onChain(action, () => move(ctx)));
});

/**
 * Forgets what the pages share of the chain before a move: their chain reads (the epoch times and
 * pools a render starts from, served up to 10 s old: server/services/initial-reads) and the
 * cached HTML of / and /lending (server/http/page-cache). Both live on `globalThis`, shared with
 * the pages' module graph and with proxy.ts (which Next loads in the same process). Without this,
 * a reload right after "Move to the clearing period" could render the epoch before it, which the
 * browser then took as fresh.
 */
function forgetSharedChainReads(): void {
  clearInitialReadCache();
  pageCache().clear();
}

/** Runs a move of the chain, then forgets the shared reads (also when it failed part-way). */
async function afterChainMoved<T>(move: () => Promise<T>): Promise<T> {
  try {
    return await move();
  } finally {
    forgetSharedChainReads();
  }
}

/**
 * The dev panel's "Play a default": the incident procedure on the chain (as `ops default:play`),
 * then one mail per lender of the pool with an email on file (the outbox). A step that cannot
 * run (a pool without funds to lose) is a 400 with its reason; a mail that fails leaves the
 * chain steps done and says so in `mail.error`.
 */
async function playDefaultAndMail(
  ctx: DemoControlsContext,
  body: z.output<typeof defaultBody>,
  requestOrigin: string,
) {
  const poolId = BigInt(body.poolId);
  let steps;
  try {
    steps = await playDemoDefault(ctx, { poolId, amount: parseUnits(body.amount, 6) });
    // the pools changed: the next page shows them before the mails (up to 20 s) are sent
    forgetSharedChainReads();
  } catch (error) {
    if (error instanceof IncidentError) throw new HttpError(400, error.message);
    throw new UpstreamError(
      `default: ${error instanceof Error ? error.message : String(error)}`,
      "The local chain did not answer: is anvil running?",
    );
  }
  const report = steps.find((s) => s.action === "loss:report")!;
  const config = serverConfig();
  let mail: { lenders: number; mailed: number } | { error: string };
  try {
    const kyc = await kycProvider(config);
    const origin = config.appUrl ?? requestOrigin;
    mail = await mailLossReport(
      await database(config),
      {
        indexerUrl: config.indexerUrl,
        mail: config.mail,
        portfolioUrl: `${origin.replace(/\/+$/, "")}/portfolio`,
        emailOf: async (address: Address) => (await kyc.getCustomer(address)).email ?? null,
        timeoutMs: 20_000,
      },
      { poolId, hash: report.hash },
    );
  } catch (error) {
    mail = { error: error instanceof Error ? error.message : String(error) };
  }
  return {
    steps: steps.map((s) => ({ ...s, blockNumber: s.blockNumber.toString() })),
    mail,
  };
}

const refuse = apiHandler<Context>(async (request, context) => {
  await localOnly();
  await actionOf(context);
  throw new HttpError(
    405,
    `Method ${request.method} is not allowed here: use POST`,
    {},
    {
      allow: "POST",
    },
  );
});

export const GET = refuse;
export const HEAD = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
// without it Next answers OPTIONS itself (204 with Allow) before any guard runs
export const OPTIONS = refuse;
