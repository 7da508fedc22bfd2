import { isFreshSignatureTimestamp } from "@lending/sdk";
import { eq } from "drizzle-orm";
import { keccak256, toBytes, type Address, type Hex } from "viem";
import { chainClient } from "../context";
import type { Executor } from "../db/types";
import { usedSignatures } from "../db/schema";
import { conflict, HttpError, unauthorized } from "../http/errors";
import { enforceRateLimit } from "./rate-limit";

export const STALE_SIGNATURE_MESSAGE =
  "Signature timestamp is older than 5 minutes or in the future: sign again";
export const INVALID_SIGNATURE_MESSAGE = "Invalid signature";
export const REPLAYED_SIGNATURE_MESSAGE = "Signature already used: sign a new request";

/**
 * Checks that `address` signed `message` (EIP-191). viem's `verifyMessage` on a public client
 * covers EOAs and smart accounts (ERC-1271, and ERC-6492 for undeployed ones) through the RPC.
 * With a `timestamp` (ms), it must also be within 5 minutes of the server clock.
 *
 * @throws {HttpError} 401 when stale or invalid, 503 when the chain RPC cannot be reached.
 */
export async function verifySignedMessage(args: {
  address: Address;
  message: string;
  signature: Hex;
  timestamp?: number;
  now?: number;
}): Promise<void> {
  if (
    args.timestamp !== undefined &&
    !isFreshSignatureTimestamp(args.timestamp, args.now ?? Date.now())
  ) {
    throw unauthorized(STALE_SIGNATURE_MESSAGE);
  }
  let valid: boolean;
  try {
    valid = await chainClient().verifyMessage({
      address: args.address,
      message: args.message,
      signature: args.signature,
    });
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    if (/HttpRequestError|TimeoutError|RpcRequestError|FetchError/.test(name)) {
      throw new HttpError(503, "The chain RPC is unavailable: try again later");
    }
    valid = false; // malformed signature bytes and the like
  }
  if (!valid) throw unauthorized(INVALID_SIGNATURE_MESSAGE);
}

/**
 * Checks the signature like {@link verifySignedMessage}, then counts one signed request of
 * `address` against its rate limit (30 a minute). Counting only after the check means strangers
 * naming someone else's address cannot use up that address's budget; the caller counts the
 * client IP before, so junk signatures stay limited too.
 *
 * @throws {HttpError} 401 stale or invalid, 429 over the address's limit, 503 RPC down.
 */
export async function verifySignedRequest(
  db: Executor,
  args: Parameters<typeof verifySignedMessage>[0],
): Promise<void> {
  await verifySignedMessage(args);
  await enforceRateLimit(db, [`address:${args.address.toLowerCase()}`]);
}

/**
 * Key under which a signed request is remembered: the purpose, the signer and the exact message
 * text. Not the signature bytes: one signature has several valid encodings (high or low s, v as
 * 0/1 or 27/28, hex case), and a smart account may accept many signatures of one message, so the
 * message is what is used up.
 */
export function signedMessageKey(args: { address: string; message: string; purpose: string }): Hex {
  return keccak256(toBytes(`${args.purpose}\n${args.address.toLowerCase()}\n${args.message}`));
}

/**
 * Records a signed message as used, inside the caller's transaction: a second use of the same
 * message by the same signer for the same purpose is a 409 (whatever the signature's encoding)
 * and rolls the whole write back.
 */
export async function consumeSignature(
  tx: Executor,
  args: { address: Address; message: string; purpose: string },
): Promise<void> {
  const rows = await tx
    .insert(usedSignatures)
    .values({
      signatureHash: signedMessageKey(args),
      address: args.address.toLowerCase(),
      purpose: args.purpose,
    })
    .onConflictDoNothing()
    .returning({ id: usedSignatures.id });
  if (rows.length === 0) throw conflict(REPLAYED_SIGNATURE_MESSAGE);
}

/**
 * Undoes {@link consumeSignature} for a write that was committed and then had to be undone (a
 * mail that could not be sent): the same signed request can be sent again.
 */
export async function releaseSignature(
  tx: Executor,
  args: { address: Address; message: string; purpose: string },
): Promise<void> {
  await tx.delete(usedSignatures).where(eq(usedSignatures.signatureHash, signedMessageKey(args)));
}
