/**
 * A lender's signed loan contracts (View loan contracts, spec section 2): the acceptances its
 * deposits carried on chain (LoanContractAccepted, read from the indexer) matched with the stored
 * contracts by their acceptance signature. Only contracts a deposit carried are listed, so the
 * list is public on-chain data (amounts, times) plus the contract's id and request time; the text
 * and the lender's name stay behind a fresh signature of the download request.
 */
import type { LoanContractPage } from "@lending/sdk";
import { z } from "zod";
import type { Database } from "../db/client";
import { chainIdSchema } from "../http/schemas";
import { agreementsBySignature } from "../repositories/lender-agreements";
import { fromIndexer } from "./transactions";

const address = z
  .string({ error: "is required" })
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte address")
  .transform((v) => v.toLowerCase());

/** `?userAddress=0x..&page=1&pageSize=10` (pageSize 1 to 50), plus the served chainId. */
export const LoanContractsQuery = z
  .object({
    chainId: chainIdSchema.optional(),
    userAddress: address,
    page: z
      .string()
      .regex(/^[1-9][0-9]{0,6}$/, "must be a whole number from 1")
      .transform(Number)
      .default(1),
    pageSize: z
      .string()
      .regex(/^[0-9]{1,2}$/, "must be a whole number from 1 to 50")
      .transform(Number)
      .pipe(z.number().int().min(1, "must be from 1 to 50").max(50, "must be from 1 to 50"))
      .default(10),
  })
  .strict();

type IndexedLoanContract = {
  nftId: string;
  signature: string;
  poolName: string;
  trancheName: string;
  depositAmount: string | null;
  acceptedAmount: string | null;
};

const UNAVAILABLE = "Your loan contracts are unavailable: try again later";

/**
 * One page of the user's signed contracts, newest first. An acceptance on chain that matches no
 * stored contract (another deployment's database) is left out of the page; `total` counts the
 * indexed acceptances.
 */
export async function loanContractsPage(
  db: Database,
  chainId: number,
  q: { userAddress: string; page: number; pageSize: number },
): Promise<LoanContractPage> {
  const params = new URLSearchParams({
    user: q.userAddress,
    page: String(q.page),
    pageSize: String(q.pageSize),
  });
  const indexed = (await (await fromIndexer(`/loan-contracts?${params}`, UNAVAILABLE)).json()) as {
    items: IndexedLoanContract[];
    total: number;
  };
  const stored = await agreementsBySignature(
    db,
    chainId,
    q.userAddress,
    indexed.items.map((i) => i.signature.toLowerCase()),
  );
  const bySignature = new Map(stored.map((s) => [s.acceptanceSignature!.toLowerCase(), s]));
  const items = indexed.items.flatMap((i) => {
    const contract = bySignature.get(i.signature.toLowerCase());
    if (!contract || i.depositAmount === null) return [];
    return [
      {
        id: contract.id,
        timestamp: contract.timestamp,
        depositAmount: i.depositAmount,
        acceptedAmount: i.acceptedAmount,
        nftId: i.nftId,
        poolName: i.poolName,
        trancheName: i.trancheName,
      },
    ];
  });
  return { items, page: q.page, pageSize: q.pageSize, total: indexed.total };
}
