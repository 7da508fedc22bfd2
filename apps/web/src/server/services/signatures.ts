import { isFreshSignatureTimestamp } from "@lending/sdk";
import { keccak256, type Address, type Hex } from "viem";
import { chainClient } from "../context";
import type { Executor } from "../db/types";
import { usedSignatures } from "../db/schema";
import { conflict, HttpError, unauthorized } from "../http/errors";

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

/** Hash under which a signature is remembered (lowercase hex, so case variants collide). */
export function signatureKey(signature: Hex): Hex {
  return keccak256(signature.toLowerCase() as Hex);
}

/**
 * Records a signature as used, inside the caller's transaction: a second use of the same
 * signature is a 409 and rolls the whole write back.
 */
export async function consumeSignature(
  tx: Executor,
  args: { signature: Hex; address: Address; purpose: string },
): Promise<void> {
  const rows = await tx
    .insert(usedSignatures)
    .values({
      signatureHash: signatureKey(args.signature),
      address: args.address.toLowerCase(),
      purpose: args.purpose,
    })
    .onConflictDoNothing()
    .returning({ id: usedSignatures.id });
  if (rows.length === 0) throw conflict(REPLAYED_SIGNATURE_MESSAGE);
}
