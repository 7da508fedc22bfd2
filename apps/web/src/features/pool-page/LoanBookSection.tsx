import {
  fill,
  formatDate,
  formatUsdc,
  poolPage,
  repayments,
  REPAYMENT_FIELDS,
  type HistoricalRepayment,
} from "@lending/sdk";
import { DataTable } from "./DataTable";

const copy = poolPage;

/** The loan book: the figures the pool manager published per epoch (read from the chain). */
export function LoanBookSection({
  poolName,
  rows,
}: {
  poolName: string;
  /** null when the chain could not be read */
  rows: HistoricalRepayment[] | null;
}) {
  return (
    <section aria-labelledby="pool-loan-book" className="space-y-3">
      <h2 id="pool-loan-book" className="text-xl font-semibold text-slate-900">
        {copy.loanBook}
      </h2>
      <p className="text-sm text-slate-600">{copy.loanBookLead}</p>
      {rows === null ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {copy.loanBookUnavailable}
        </p>
      ) : rows.length === 0 ? (
        <p
          className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600"
          data-testid="pool-loan-book-empty"
        >
          {copy.loanBookEmpty}
        </p>
      ) : (
        <DataTable
          testId="pool-loan-book"
          caption={fill(copy.loanBookCaption, { pool: poolName })}
          rowHeading={copy.epoch}
          columns={REPAYMENT_FIELDS.map((f) => repayments[f])}
          rows={rows.map((r) => ({
            key: r.epoch.toString(),
            testId: "pool-loan-book-row",
            header: (
              <>
                {r.epoch.toString()}{" "}
                <span className="ml-2 font-normal text-slate-600">
                  {formatDate(new Date(r.epochStart * 1000))}
                </span>
              </>
            ),
            cells: REPAYMENT_FIELDS.map((f) => formatUsdc(r[f])),
          }))}
        />
      )}
    </section>
  );
}
