import type {
  HistoricalRepayment,
  Pool,
  PoolEpoch,
  PoolIncident,
  PoolLoss,
  PoolRange,
} from "@lending/sdk";
import { poolPage } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { PageHeader } from "@/components/layout/Page";
import { AboutSection } from "./AboutSection";
import { HistorySection } from "./HistorySection";
import { IncidentsSection } from "./IncidentsSection";
import { LoanBookSection } from "./LoanBookSection";
import { ReportsSection } from "./ReportsSection";
import { TrancheSection } from "./TrancheSection";

export type PoolPageData = {
  pool: Pool;
  range: PoolRange;
  /** each null when its source could not be read: that section says so, the rest renders */
  epochs: PoolEpoch[] | null;
  repayments: HistoricalRepayment[] | null;
  incidents: { incidents: PoolIncident[]; losses: PoolLoss[] } | null;
};

/**
 * The pool page (issue 28): description and documents, tranches by seniority with Lend, charts
 * and their table per epoch, the loan book, incidents and losses, and the CSV reports. A server
 * component: only the Lend buttons hydrate.
 */
export function PoolPage({ pool, range, epochs, repayments, incidents }: PoolPageData) {
  return (
    <div className="space-y-10" data-testid="pool-page">
      <div>
        <AppLink href="/lending" className="text-sm font-medium text-emerald-800 hover:underline">
          {poolPage.back}
        </AppLink>
        <div className="mt-3">
          <PageHeader title={pool.poolName} lead={pool.subheading || undefined} />
        </div>
      </div>
      <AboutSection pool={pool} />
      <TrancheSection pool={pool} />
      <HistorySection poolId={pool.id} poolName={pool.poolName} epochs={epochs} range={range} />
      <LoanBookSection poolName={pool.poolName} rows={repayments} />
      <IncidentsSection data={incidents} />
      <ReportsSection poolId={pool.id} />
    </div>
  );
}
