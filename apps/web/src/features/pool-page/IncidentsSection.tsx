import {
  fill,
  formatDateTime,
  formatUsdc,
  poolPage,
  type PoolIncident,
  type PoolLoss,
} from "@lending/sdk";

const copy = poolPage;
const date = (seconds: number) => formatDateTime(new Date(seconds * 1000));

type Entry = { key: string; at: number; text: string; details: string[]; testId: string };

/** Incident periods and reported losses of the pool, newest first, with their dates. */
export function IncidentsSection({
  data,
}: {
  /** null when the indexer could not be read */
  data: { incidents: PoolIncident[]; losses: PoolLoss[] } | null;
}) {
  const entries: Entry[] = data
    ? [
        ...data.incidents.map((i) => ({
          key: i.id,
          at: i.openedAt,
          testId: "pool-incident",
          text:
            i.closedAt === null
              ? fill(copy.incidentOpen, { opened: date(i.openedAt) })
              : fill(copy.incidentClosed, { opened: date(i.openedAt), closed: date(i.closedAt) }),
          details: [],
        })),
        ...data.losses.map((l) => ({
          key: l.id,
          at: l.timestamp,
          testId: "pool-loss",
          text: fill(copy.lossReported, {
            amount: formatUsdc(BigInt(l.amount)),
            date: date(l.timestamp),
          }),
          details: l.tranches.map((t) =>
            fill(copy.lossTranche, {
              tranche: t.trancheName,
              before: formatUsdc(BigInt(t.valueBefore)),
              after: formatUsdc(BigInt(t.valueAfter)),
            }),
          ),
        })),
      ].sort((a, b) => b.at - a.at)
    : [];
  return (
    <section aria-labelledby="pool-incidents" className="space-y-3">
      <h2 id="pool-incidents" className="text-xl font-semibold text-slate-900">
        {copy.incidents}
      </h2>
      {data === null ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {copy.incidentsUnavailable}
        </p>
      ) : entries.length === 0 ? (
        <p
          className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600"
          data-testid="pool-incidents-empty"
        >
          {copy.incidentsEmpty}
        </p>
      ) : (
        <ul className="space-y-2">
          {entries.map((e) => (
            <li
              key={e.key}
              data-testid={e.testId}
              className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <p>{e.text}</p>
              {e.details.length ? (
                <ul className="mt-1 list-disc pl-5">
                  {e.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
