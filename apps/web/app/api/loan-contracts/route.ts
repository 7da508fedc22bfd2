import { database } from "@/server/context";
import { servedChainId } from "@/server/http/chain";
import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { LoanContractsQuery, loanContractsPage } from "@/server/services/loan-contracts";

export const dynamic = "force-dynamic";

/** Other methods: JSON 405 with an Allow header. */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/loan-contracts?chainId&userAddress=0x..&page=1&pageSize=10: the lender's signed loan
 * contracts (LoanContractPage, newest first): those its deposits carried on chain. The contract
 * itself is read with a signed download request (the downloadContractPdf server action).
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, LoanContractsQuery);
  return loanContractsPage(await database(), servedChainId(q.chainId), q);
});
