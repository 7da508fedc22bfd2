/**
 * Who /manage answers with the console rather than a 404 (issue 27): a request whose session
 * cookie belongs to a wallet holding an operator role at the latest block. Everyone else gets a
 * real 404 status and the app's 404 page; an operator without a session signs in from that page
 * (features/manage/OperatorSignInOffer.tsx), which then asks again.
 */
import { headers } from "next/headers";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient, database } from "@/server/context";
import { isHttpsRequest } from "@/server/http/client";
import { currentSession, sessionToken, siteOf } from "@/server/services/sessions";
import { servedDeployment } from "./operator";
import { operatorRoles, type OperatorRole } from "./roles";

/** The operator roles of the page request's session wallet; none without a live session. */
export async function pageOperatorRoles(): Promise<OperatorRole[]> {
  const h = await headers();
  const scheme = isHttpsRequest(new Request("http://localhost/", { headers: h }))
    ? "https"
    : "http";
  const request = new Request(`${scheme}://${h.get("host") ?? "localhost"}/manage`, { headers: h });
  const site = siteOf(request, serverConfig());
  // no cookie: no database or chain read at all (a stranger's 404 costs nothing)
  if (!sessionToken(request, site)) return [];
  try {
    const session = await currentSession(await database(), request, site);
    if (!session?.address) return [];
    const { deployment } = servedDeployment();
    return await operatorRoles(chainClient(), deployment, session.address as Address);
  } catch (error) {
    // the database or the chain is down: nobody is let in on a guess (the 404 page's sign-in
    // offer still works once they answer)
    console.error("[manage] the page's operator check failed:", error);
    return [];
  }
}
