import { poolPage } from "@lending/sdk";

const copy = poolPage;

const link =
  "inline-flex rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";

/** The three CSV reports: plain download links to the public report routes (no JavaScript). */
export function ReportsSection({ poolId }: { poolId: bigint }) {
  const base = `/api/pools/${poolId}/reports`;
  return (
    <section aria-labelledby="pool-reports" className="space-y-3">
      <h2 id="pool-reports" className="text-xl font-semibold text-slate-900">
        {copy.reports}
      </h2>
      <p className="text-sm text-slate-600">{copy.reportsLead}</p>
      <ul className="flex flex-wrap gap-3" data-testid="pool-reports">
        <li>
          <a href={`${base}/transactions`} download className={link}>
            {copy.reportTransactions}
          </a>
        </li>
        <li>
          <a href={`${base}/balance`} download className={link}>
            {copy.reportBalance}
          </a>
        </li>
        <li>
          <a href={`${base}/repayments`} download className={link}>
            {copy.reportRepayments}
          </a>
        </li>
      </ul>
    </section>
  );
}
