import { z } from "zod";
import type { Address } from "viem";
import { chainClient } from "@/server/context";
import { apiHandler, readQuery } from "@/server/http/handler";
import { notAllowed } from "@/server/http/methods";
import { addressSchema } from "@/server/http/schemas";
import { servedDeployment } from "@/server/services/manage/operator";
import { operatorRoles } from "@/server/services/manage/roles";

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");

/**
 * GET /api/manage/roles?address=0x..: the operator roles the address holds at the latest block
 * (public on-chain data; the console shows itself only to a wallet holding one).
 */
export const GET = apiHandler(async (request) => {
  const q = readQuery(request, z.object({ address: addressSchema }).strict());
  const { deployment } = servedDeployment();
  return { roles: await operatorRoles(chainClient(), deployment, q.address as Address) };
});
