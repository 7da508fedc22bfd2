"use client";

import {
  decisionDeadlineMs,
  decisions as copy,
  fill,
  formatCountdown,
  countdownParts,
  formatDate,
  formatDateTime,
  groupPendingDecisions,
  formatUsdc,
} from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { parseUnits } from "viem";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import { Skeleton } from "@/components/ui/Skeleton";
import { useNow } from "@/lib/clock";
import { poolsQueryOptions } from "@/lib/queries/chain";
import { useAppChain } from "@/lib/queries/hooks";
import { markTicketsSeen } from "./seenTickets";
import { fetchTickets, ticketsKey } from "./tickets";

const secondary =
  "rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50";
const primary =
  "rounded-lg bg-emerald-700 px-3 py-1.5 font-semibold text-white hover:bg-emerald-800";

/**
 * The pending decisions modal (registry name "pendingDecisions", up to 900 px): the wallet's
 * tickets still inside their 2-day window, by pool, tranche and day (dailyGroupID), each with the
 * time left and a Decide button that opens the borrower identified modal over this one. Opened
 * with the wallet's session (the tickets are personal).
 */
export default function PendingDecisionsModal({ onClose }: RegistryModalProps) {
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const { push } = useModal();
  const now = useNow();
  const tickets = useQuery({
    queryKey: ticketsKey(chainId, address ?? ""),
    queryFn: () => fetchTickets(chainId, address!),
    enabled: Boolean(address),
  });
  const pools = useQuery(poolsQueryOptions(chainId, client));
  const groups =
    tickets.data && now > 0
      ? groupPendingDecisions(
          tickets.data,
          {
            pool: (id) => pools.data?.find((p) => p.id.toString() === id)?.poolName,
            tranche: (poolId, id) =>
              pools.data
                ?.find((p) => p.id.toString() === poolId)
                ?.tranches.find((t) => t.id.toString() === id)?.name,
          },
          now,
        )
      : null;

  // what this modal lists counts as shown: the watcher does not open it again for these
  const listed = groups?.flatMap((p) =>
    p.tranches.flatMap((x) => x.days.flatMap((d) => d.tickets.map((t) => t.id))),
  );
  const listedKey = listed?.join(",") ?? "";
  useEffect(() => {
    if (address && listedKey) markTicketsSeen(chainId, address, listedKey.split(",").map(Number));
  }, [address, chainId, listedKey]);

  return (
    <Modal title={copy.pendingTitle} onClose={onClose} size="decisions">
      <div className="space-y-4 text-sm text-slate-700" data-testid="pending-decisions">
        <p>{copy.pendingLead}</p>
        {tickets.isError ? (
          <p role="alert" className="text-red-800">
            {copy.error}
          </p>
        ) : !groups ? (
          <div aria-busy="true" className="space-y-3">
            <span className="sr-only">{copy.loading}</span>
            <Skeleton className="block h-10 w-full" />
            <Skeleton className="block h-10 w-full" />
          </div>
        ) : groups.length === 0 ? (
          <p data-testid="pending-decisions-empty">{copy.empty}</p>
        ) : (
          groups.map((pool) =>
            pool.tranches.map((tranche) => (
              <section
                key={`${pool.id}-${tranche.id}`}
                aria-label={fill(copy.trancheOf, { pool: pool.poolName, tranche: tranche.name })}
                className="rounded-lg border border-slate-200 p-3"
                data-testid="pending-decisions-tranche"
              >
                <h3 className="font-semibold text-slate-900">
                  {fill(copy.trancheOf, { pool: pool.poolName, tranche: tranche.name })}
                </h3>
                {tranche.days.map((day) => (
                  <div key={day.dailyGroupID} className="mt-3">
                    <h4 className="text-xs font-medium text-slate-600">
                      {fill(copy.day, { date: formatDate(new Date(day.dailyGroupID)) })}
                    </h4>
                    <ul className="mt-1 divide-y divide-slate-100">
                      {day.tickets.map((t) => (
                        <li
                          key={t.id}
                          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2"
                          data-testid="pending-decision"
                        >
                          <dl className="grid min-w-0 grow grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
                            <div className="min-w-0">
                              <dt className="text-xs text-slate-600">{copy.borrower}</dt>
                              <dd className="break-words text-slate-900">{t.endBorrowerName}</dd>
                            </div>
                            <div>
                              <dt className="text-xs text-slate-600" title={copy.amountHint}>
                                {copy.amount}
                              </dt>
                              <dd className="text-slate-900 tabular-nums">
                                <span data-testid="pending-decision-exposure">
                                  {t.exposure === null
                                    ? copy.exposureUnknown
                                    : fill(copy.usdc, {
                                        amount: formatUsdc(BigInt(t.exposure)),
                                      })}
                                </span>
                                <span className="block text-xs text-slate-600">
                                  {fill(copy.ofLoan, {
                                    amount: formatUsdc(parseUnits(t.assets, 6)),
                                  })}
                                </span>
                              </dd>
                            </div>
                            <div>
                              <dt className="text-xs text-slate-600">{copy.timeLeft}</dt>
                              <dd
                                className="text-slate-900 tabular-nums"
                                title={formatDateTime(new Date(decisionDeadlineMs(t)))}
                                data-testid="pending-decision-time-left"
                              >
                                {formatCountdown(countdownParts(decisionDeadlineMs(t), now))}
                              </dd>
                            </div>
                          </dl>
                          <button
                            type="button"
                            className={primary}
                            aria-label={fill(copy.decideFor, { borrower: t.endBorrowerName })}
                            onClick={() =>
                              push("borrowerIdentified", {
                                ticket: t,
                                poolName: pool.poolName,
                                trancheName: tranche.name,
                              })
                            }
                          >
                            {copy.decide}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </section>
            )),
          )
        )}
        <div className="flex justify-end">
          <button type="button" className={secondary} onClick={onClose}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
