import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { database } from "@/server/context";
import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { isOwnerSession, siteOf } from "@/server/services/sessions";
import {
  TransactionsQuery,
  transactionsPage,
  withLenderDecisions,
} from "@/server/services/transactions";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/transactions?user=0x..&page=1&pageSize=10: a page of the lender's indexed history
 * (HistoryPage, newest request first): public on-chain data; with the wallet's own session, also
 * its borrower decisions (subsequent actions, Queued). 503 JSON when the indexer is down.
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, TransactionsQuery);
  const page = await transactionsPage(q);
  const config = serverConfig();
  const db = await database();
  if (!(await isOwnerSession(db, request, siteOf(request, config), q.user))) return page;
  return withLenderDecisions(db, config.chainId, q.user as Address, page);
});
