import type { Metadata } from "next";
import { ManageGate } from "@/features/manage/ManageGate";

// no title of its own: a wallet without an operator role sees the app's 404, nothing else
export const metadata: Metadata = { robots: { index: false, follow: false } };

/** /manage: the operator console (issue 27), for a wallet holding an operator role on chain. */
export default function ManagePage() {
  return <ManageGate />;
}
