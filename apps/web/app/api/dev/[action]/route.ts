import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import { isAddress } from "viem";
import { z } from "zod";
import { serverConfig } from "@/config/server";
import {
  DEMO_CONTROLS_CHAIN_ID,
  fundWallet,
  isLocalNode,
  moveToClearingPeriod,
  moveToNextEpoch,
  type DemoControlsContext,
} from "@/server/dev/demo-controls";
import { HttpError, notFound, UpstreamError } from "@/server/http/errors";
import { apiHandler, readJson } from "@/server/http/handler";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ action?: string }> };

const ACTIONS = ["clearing", "next-epoch", "fund"] as const;
type Action = (typeof ACTIONS)[number];

const fundBody = z
  .object({ address: z.string().refine((v) => isAddress(v), "must be an address") })
  .strict();
/** The clock moves take an empty JSON object: a JSON body cannot be sent cross-site without CORS. */
const emptyBody = z.object({}).strict();

/** Off the local chain the route does not exist: every method is a 404. */
function localOnly(): DemoControlsContext {
  const config = serverConfig();
  if (config.chainId !== DEMO_CONTROLS_CHAIN_ID || !hasDeployment(config.chainId)) {
    throw notFound("No API endpoint here");
  }
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
 * POST /api/dev/clearing | /api/dev/next-epoch | /api/dev/fund {address}: the dev panel's demo
 * controls (chain 31337 only; a 404 on any other chain). Clock moves answer
 * `{secondsAdvanced, chainTime}`; fund answers the three transaction hashes.
 */
export const POST = apiHandler<Context>(async (request, context) => {
  const ctx = localOnly();
  const action = await actionOf(context);
  if (!(await onChain("chain check", () => isLocalNode(ctx)))) {
    throw notFound("No API endpoint here");
  }
  if (action === "fund") {
    const { address } = await readJson(request, fundBody);
    return onChain("fund", () => fundWallet(ctx, address as `0x${string}`));
  }
  await readJson(request, emptyBody);
  const move = action === "clearing" ? moveToClearingPeriod : moveToNextEpoch;
  return onChain(action, () => move(ctx));
});

const refuse = apiHandler<Context>(async (request, context) => {
  localOnly();
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
