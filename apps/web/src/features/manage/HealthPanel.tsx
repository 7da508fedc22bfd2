"use client";

import { fill, formatUsdc, manage } from "@lending/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { secondaryButton } from "@/components/ui/buttons";
import { Skeleton } from "@/components/ui/Skeleton";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import type { Health } from "./api";
import { dateTime, ErrorText, formatAge, Section, StatusBadge } from "./ui";

function Item({ title, stale, children }: { title: string; stale: boolean; children: ReactNode }) {
  return (
    <li
      className={`min-w-0 rounded-lg border p-3 ${stale ? "border-red-300 bg-red-50" : "border-slate-200"}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{title}</h3>
        <StatusBadge stale={stale} />
      </div>
      <div className="mt-1 text-sm break-words text-slate-700">{children}</div>
    </li>
  );
}

/** The health panel: keeper per pool, indexer, KSU price, database, referral treasury. */
export function HealthPanel({ health }: { health: UseQueryResult<Health> }) {
  const { productSymbol: product } = usePublicConfig();
  const h = health.data;
  return (
    <Section
      id="manage-health"
      title={manage.healthTitle}
      lead={h ? fill(manage.healthLead, { time: dateTime(h.checkedAt) }) : undefined}
      action={
        <button
          type="button"
          className={`${secondaryButton} text-sm`}
          onClick={() => void health.refetch()}
        >
          {manage.refresh}
        </button>
      }
    >
      {health.error ? (
        <ErrorText>{fill(manage.loadFailed, { message: health.error.message })}</ErrorText>
      ) : null}
      {!h ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {fill(manage.chainHead, { block: h.chain.block })}
          </p>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="manage-health">
            <Item title={manage.keeper} stale={h.keeper.stale}>
              <p>
                {h.keeper.lastRunAt
                  ? fill(manage.keeperLastRun, { time: dateTime(h.keeper.lastRunAt) })
                  : manage.keeperNever}
              </p>
              <p>
                {h.keeper.lastError && h.keeper.lastErrorAt
                  ? fill(manage.lastError, {
                      time: dateTime(h.keeper.lastErrorAt),
                      error: h.keeper.lastError,
                    })
                  : manage.noError}
              </p>
            </Item>
            {h.pools.map((p) => (
              <Item
                key={p.poolId}
                title={fill(manage.poolLine, { id: p.poolId, name: p.name })}
                stale={p.stale}
              >
                <p>
                  {fill(manage.poolEpochs, { current: p.currentEpoch, next: p.nextEpochToClear })}
                </p>
                {p.epochsDue > 0 ? <p>{fill(manage.poolDue, { count: p.epochsDue })}</p> : null}
                {p.incidentOpen ? <p className="font-semibold">{manage.poolIncident}</p> : null}
                {p.lastAction && p.lastRunAt ? (
                  <p>
                    {fill(manage.poolLastAction, {
                      action: p.lastAction,
                      time: dateTime(p.lastRunAt),
                    })}
                  </p>
                ) : null}
                <p>
                  {p.lastError && p.lastErrorAt
                    ? fill(manage.lastError, { time: dateTime(p.lastErrorAt), error: p.lastError })
                    : manage.noError}
                </p>
              </Item>
            ))}
            <Item title={manage.indexer} stale={h.indexer.stale}>
              {h.indexer.behindSeconds === null
                ? manage.indexerDown
                : fill(manage.indexerLag, {
                    seconds: h.indexer.behindSeconds,
                    block: h.indexer.indexedBlock ?? "",
                  })}
            </Item>
            <Item title={fill(manage.ksuPrice, { product })} stale={h.ksuPrice.stale}>
              {fill(manage.ksuPriceLine, {
                price: formatUsdc(BigInt(h.ksuPrice.priceUsdc6)),
                source: h.ksuPrice.source,
                age: formatAge(h.ksuPrice.ageSeconds),
              })}
            </Item>
            <Item title={manage.database} stale={h.database.stale}>
              {h.database.ok
                ? fill(manage.databaseOk, { ms: h.database.latencyMs ?? 0 })
                : manage.databaseDown}
            </Item>
            <Item title={manage.treasury} stale={h.referralTreasury?.stale ?? false}>
              {h.referralTreasury
                ? fill(manage.treasuryLine, {
                    allowance: formatUsdc(BigInt(h.referralTreasury.allowance)),
                    balance: formatUsdc(BigInt(h.referralTreasury.balance)),
                  })
                : manage.treasuryNone}
            </Item>
          </ul>
        </>
      )}
    </Section>
  );
}
