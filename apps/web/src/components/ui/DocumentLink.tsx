import { common } from "@lending/sdk";
import type { ReactNode } from "react";

/**
 * A link to one of the app's documents (Important Information, Risk Warning) from inside a flow:
 * it opens in a new tab, so the modal and what the lender entered stay as they are (issue 23).
 */
export function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="underline">
      {children}
      <span className="sr-only"> {common.opensInNewTab}</span>
    </a>
  );
}
