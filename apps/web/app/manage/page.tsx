import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ManageGate } from "@/features/manage/ManageGate";
import { pageOperatorRoles } from "@/server/services/manage/page-gate";

export const dynamic = "force-dynamic";

// no title of its own: a wallet without an operator role sees the app's 404, nothing else
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * /manage: the operator console (issue 27). A real 404 (status and page) unless the request's
 * session wallet holds an operator role at the latest block; the client gate then checks the
 * connected wallet too.
 */
export default async function ManagePage() {
  if ((await pageOperatorRoles()).length === 0) notFound();
  return <ManageGate />;
}
