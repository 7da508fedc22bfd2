import {
  epochRateToApy,
  epochsInRange,
  fill,
  formatDate,
  formatPercent,
  formatUsdc,
  poolEpochFigures,
  poolPage,
  POOL_RANGES,
  sharePriceUsdc,
  tranchesBySeniority,
  type PoolEpoch,
  type PoolRange,
} from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { DataTable } from "./DataTable";
import { LineChart, type ChartSeries } from "./LineChart";

const copy = poolPage;

/** One colour per tranche id (0 is the most junior), and the pool's series. */
const TRANCHE_COLOURS = ["#b45309", "#047857", "#1d4ed8"];
const POOL_COLOURS = { value: "#047857", capacity: "#475569", drawn: "#1d4ed8" };

const RANGE_LABEL: Record<PoolRange, string> = {
  "30d": copy.range30,
  "90d": copy.range90,
  all: copy.rangeAll,
};

const usdcNumber = (v: bigint | null) => (v === null ? null : Number(v) / 1e6);
const usdcText = (v: number) => formatUsdc(BigInt(Math.round(v * 1e6)));
const orDash = (v: string | null) => v ?? copy.notRecorded;

/** The 30 days / 90 days / All selector: links, so it works without JavaScript. */
function RangeSelector({ poolId, range }: { poolId: bigint; range: PoolRange }) {
  return (
    <nav aria-label={copy.range} className="flex flex-wrap gap-2" data-testid="pool-range">
      {POOL_RANGES.map((r) => (
        <AppLink
          key={r}
          href={
            r === "all"
              ? `/lending/${poolId}#pool-history`
              : `/lending/${poolId}?range=${r}#pool-history`
          }
          aria-current={r === range ? "page" : undefined}
          scroll={false}
          className={`rounded-lg border px-3 py-1.5 text-sm font-semibold ${
            r === range
              ? "border-emerald-700 bg-emerald-700 text-white"
              : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
          }`}
        >
          {RANGE_LABEL[r]}
        </AppLink>
      ))}
    </nav>
  );
}

/**
 * Charts per epoch (each tranche's APY and share price; the pool's total value, capacity, drawn
 * principal and utilisation) for the chosen period, drawn as SVG on the server, and the table of
 * the same figures as their text alternative.
 */
export function HistorySection({
  poolId,
  poolName,
  epochs,
  range,
}: {
  poolId: bigint;
  poolName: string;
  /** null when the indexer could not be read */
  epochs: PoolEpoch[] | null;
  range: PoolRange;
}) {
  const shown = epochs ? epochsInRange(epochs, range) : [];
  const tableId = "pool-history-table";
  const tranches = tranchesBySeniority(shown);
  const figures = shown.map(poolEpochFigures);
  const xLabels = shown.map((e) => e.epoch);
  const from = shown[0] ? formatDate(new Date(shown[0].timestamp * 1000)) : "";
  const to = shown.at(-1) ? formatDate(new Date(shown.at(-1)!.timestamp * 1000)) : "";
  const trancheOf = (e: PoolEpoch, id: string) => e.tranches.find((t) => t.trancheId === id);
  const colour = (id: string) => TRANCHE_COLOURS[Number(id) % TRANCHE_COLOURS.length]!;
  const apySeries: ChartSeries[] = tranches.map((t) => ({
    label: t.trancheName,
    colour: colour(t.trancheId),
    values: shown.map((e) => {
      const x = trancheOf(e, t.trancheId);
      return x ? epochRateToApy(BigInt(x.epochInterestRate)) : null;
    }),
  }));
  const price = (e: PoolEpoch, id: string) => {
    const x = trancheOf(e, id);
    return x ? sharePriceUsdc(BigInt(x.assetsPerShare)) : null;
  };
  const priceSeries: ChartSeries[] = tranches.map((t) => ({
    label: t.trancheName,
    colour: colour(t.trancheId),
    values: shown.map((e) => usdcNumber(price(e, t.trancheId))),
  }));
  const poolSeries: ChartSeries[] = [
    {
      label: copy.totalValue,
      colour: POOL_COLOURS.value,
      values: figures.map((f) => usdcNumber(f.totalValue)),
    },
    {
      label: copy.capacity,
      colour: POOL_COLOURS.capacity,
      dashed: true,
      values: figures.map((f) => usdcNumber(f.capacity)),
    },
    {
      label: copy.drawn,
      colour: POOL_COLOURS.drawn,
      values: figures.map((f) => usdcNumber(f.drawn)),
    },
  ];
  const utilisationSeries: ChartSeries[] = [
    {
      label: copy.utilisation,
      colour: POOL_COLOURS.drawn,
      values: figures.map((f) => f.utilisation),
    },
  ];
  const dates = { from, to };
  return (
    <section aria-labelledby="pool-history" className="space-y-4">
      <h2 id="pool-history" className="text-xl font-semibold text-slate-900">
        {copy.history}
      </h2>
      <p className="text-sm text-slate-600">{copy.historyLead}</p>
      <RangeSelector poolId={poolId} range={range} />
      {epochs === null ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          {copy.historyUnavailable}
        </p>
      ) : shown.length === 0 ? (
        <p
          className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600"
          data-testid="pool-history-empty"
        >
          {copy.noHistory}
        </p>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2" data-testid="pool-charts">
            <LineChart
              title={copy.apyChart}
              label={fill(copy.apyChartLabel, dates)}
              describedBy={tableId}
              xLabels={xLabels}
              series={apySeries}
              format={(v) => formatPercent(v)}
            />
            <LineChart
              title={copy.priceChart}
              label={fill(copy.priceChartLabel, dates)}
              describedBy={tableId}
              xLabels={xLabels}
              series={priceSeries}
              format={(v) => v.toFixed(4)}
            />
            <LineChart
              title={copy.poolChart}
              label={fill(copy.poolChartLabel, dates)}
              describedBy={tableId}
              xLabels={xLabels}
              series={poolSeries}
              format={usdcText}
            />
            <LineChart
              title={copy.utilisationChart}
              label={fill(copy.utilisationChartLabel, dates)}
              describedBy={tableId}
              xLabels={xLabels}
              series={utilisationSeries}
              format={(v) => formatPercent(v)}
            />
          </div>
          <DataTable
            id={tableId}
            testId="pool-history-table"
            caption={fill(copy.tableCaption, { pool: poolName })}
            rowHeading={copy.epoch}
            columns={[
              copy.clearedAt,
              copy.totalValue,
              copy.capacity,
              copy.drawn,
              copy.utilisation,
              ...tranches.flatMap((t) => [
                fill(copy.trancheApy, { tranche: t.trancheName }),
                fill(copy.tranchePrice, { tranche: t.trancheName }),
              ]),
            ]}
            rows={shown.map((e, i) => {
              const f = figures[i]!;
              return {
                key: e.epoch,
                testId: "pool-history-row",
                header: e.epoch,
                cells: [
                  formatDate(new Date(e.timestamp * 1000)),
                  orDash(f.totalValue === null ? null : formatUsdc(f.totalValue)),
                  orDash(f.capacity === null ? null : formatUsdc(f.capacity)),
                  orDash(f.drawn === null ? null : formatUsdc(f.drawn)),
                  orDash(f.utilisation === null ? null : formatPercent(f.utilisation)),
                  ...tranches.flatMap((t) => {
                    const x = trancheOf(e, t.trancheId);
                    const p = price(e, t.trancheId);
                    return [
                      orDash(x ? formatPercent(epochRateToApy(BigInt(x.epochInterestRate))) : null),
                      orDash(p === null ? null : (Number(p) / 1e6).toFixed(6)),
                    ];
                  }),
                ],
              };
            })}
          />
        </>
      )}
    </section>
  );
}
