import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";

export const metadata: Metadata = { title: "Documentation" };

export default function DocsPage() {
  return (
    <>
      <PageHeader
        title="Documentation"
        lead="How lending pools, tranches and epochs work. The full documentation will be published here."
      />
      <div className="max-w-3xl space-y-8 text-slate-700">
        <section>
          <h2 className="mb-2 text-xl font-semibold text-slate-900">Epochs and clearing</h2>
          <p>
            The protocol runs in 7-day epochs. Deposit and withdrawal requests made during an epoch
            are processed in its clearing period, the last 48 hours of the epoch. Interest accrues
            per epoch.
          </p>
        </section>
        <section id="subordination-of-loans">
          <h2 className="mb-2 text-xl font-semibold text-slate-900">Subordination of loans</h2>
          <p>
            Each pool is split into tranches, from the most junior to the most senior. Losses are
            absorbed by the junior tranche first, then by the next one; the senior lender is repaid
            first and bears losses last. In exchange, junior tranches earn a higher interest rate.
          </p>
        </section>
      </div>
    </>
  );
}
