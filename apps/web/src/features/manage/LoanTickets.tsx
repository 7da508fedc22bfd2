"use client";

import { fill, formatUsdc, manage, parseAmountInput, USDC_DECIMALS } from "@lending/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Address } from "viem";
import { secondaryButton } from "@/components/ui/buttons";
import { Skeleton } from "@/components/ui/Skeleton";
import { showToast } from "@/components/toast/toast";
import {
  fetchLoanTickets,
  manageKeys,
  planTicketReturns,
  postLoanTicket,
  recordTicketReturn,
  releaseTicketReturn,
  reserveTicketReturn,
  type PoolHealth,
  type TicketOverview,
} from "./api";
import { parseUsdcField } from "./forms";
import { Field, PoolSelect, TrancheSelect } from "./PoolSelect";
import { dateTime, ErrorText, FormRow, Section } from "./ui";
import { useOperatorTx } from "./useOperatorTx";

/**
 * Loan tickets: create one for a tranche (the lenders whose funds back it are told and mailed),
 * then see who was told and mailed, each decision, and return the funds of those who opted out
 * (a forced withdrawal each, from the operator's wallet). The ops CLI's loan-tickets commands
 * run the same services.
 */
export function LoanTickets({ pools }: { pools: PoolHealth[] }) {
  const client = useQueryClient();
  const tickets = useQuery({ queryKey: manageKeys.loanTickets(), queryFn: fetchLoanTickets });
  const [poolId, setPoolId] = useState(pools[0]?.poolId ?? "0");
  const pool = pools.find((p) => p.poolId === poolId) ?? pools[0];
  const [trancheId, setTrancheId] = useState("0");
  const [borrowerId, setBorrowerId] = useState("");
  const [borrowerName, setBorrowerName] = useState("");
  const [assets, setAssets] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!pool) return null;
  const tranche = pool.tranches.find((t) => t.id === trancheId) ?? pool.tranches[0];

  const create = async () => {
    const amount = parseUsdcField(assets, true);
    if (!borrowerId.trim() || !borrowerName.trim() || !amount.ok) {
      return setError(manage.invalidTicket);
    }
    setError(null);
    setBusy(true);
    try {
      const r = await postLoanTicket({
        poolId: pool.poolId,
        trancheId: tranche?.id ?? "0",
        endBorrowerId: borrowerId.trim(),
        endBorrowerName: borrowerName.trim(),
        assets: assets.trim(),
      });
      void showToast({ type: "success", title: fill(manage.ticketCreated, r) });
      await client.invalidateQueries({ queryKey: manageKeys.all });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="manage-tickets" title={manage.ticketsTitle} lead={manage.ticketsLead}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <PoolSelect id="ticket-pool" pools={pools} value={pool.poolId} onChange={setPoolId} />
        <TrancheSelect
          id="ticket-tranche"
          tranches={pool.tranches}
          value={tranche?.id ?? "0"}
          onChange={setTrancheId}
        />
      </div>
      <FormRow
        onSubmit={() => void create()}
        submitLabel={manage.createTicket}
        busy={busy}
        columns={2}
        error={error}
      >
        <Field
          id="ticket-borrower-id"
          label={manage.borrowerId}
          value={borrowerId}
          onChange={setBorrowerId}
          inputMode="text"
        />
        <Field
          id="ticket-borrower-name"
          label={manage.borrowerName}
          value={borrowerName}
          onChange={setBorrowerName}
          inputMode="text"
        />
        <Field id="ticket-assets" label={manage.ticketAssets} value={assets} onChange={setAssets} />
      </FormRow>
      {tickets.error ? (
        <ErrorText>{fill(manage.loadFailed, { message: tickets.error.message })}</ErrorText>
      ) : !tickets.data ? (
        <Skeleton className="mt-3 h-16 w-full" />
      ) : tickets.data.tickets.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{manage.ticketsEmpty}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" data-testid="loan-tickets">
          {tickets.data.tickets.map((t) => (
            <TicketRow key={t.id} ticket={t} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function TicketRow({ ticket }: { ticket: TicketOverview }) {
  const { run } = useOperatorTx();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const mailed = ticket.notices.filter((n) => n.emailSentAt).length;

  const returnFunds = async () => {
    setBusy(true);
    setError(null);
    setMessages([]);
    try {
      const { returns } = await planTicketReturns(ticket.id);
      if (returns.length === 0) return setMessages([manage.returnNone]);
      const out: string[] = [];
      for (const r of returns) {
        if (r.skipped) {
          out.push(fill(manage.returnSkipped, { user: r.user, reason: r.skipped }));
          continue;
        }
        // reserved before signing: a second operator is refused here, before any signature
        const reserved = await reserveTicketReturn({ ticketId: ticket.id, user: r.user }).catch(
          (e: Error) => {
            out.push(e.message);
            return null;
          },
        );
        if (!reserved) continue;
        const sent = await run(
          {
            functionName: "forceWithdrawal",
            args: [
              BigInt(ticket.poolId),
              BigInt(ticket.trancheId),
              r.user as Address,
              BigInt(reserved.shares),
            ],
          },
          manage.returnFunds,
          `Loan ticket ${ticket.id}: the lender opted out`,
        );
        if (!sent) {
          // the signature was refused or the withdrawal reverted: nothing moved
          await releaseTicketReturn({ ticketId: ticket.id, user: r.user });
          break;
        }
        await recordTicketReturn({ ticketId: ticket.id, user: r.user, txHash: sent.hash });
        out.push(fill(manage.returnSent, { user: r.user }));
      }
      setMessages(out);
      await client.invalidateQueries({ queryKey: manageKeys.all });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm" data-testid="ticket-row">
      <p className="font-semibold break-words text-slate-900">
        {fill(manage.ticketLine, {
          id: ticket.id,
          name: ticket.endBorrowerName,
          borrowerId: ticket.endBorrowerId,
          assets: formatUsdc(parseAmountInput(ticket.assets, USDC_DECIMALS)),
        })}
      </p>
      <p className="text-slate-600">
        {fill(manage.ticketWhere, {
          pool: ticket.poolId,
          tranche: ticket.trancheId,
          time: dateTime(ticket.createdOn),
        })}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer text-slate-700">
          {fill(manage.ticketTold, { count: ticket.notices.length, mailed })}
        </summary>
        <ul className="mt-1 text-slate-600">
          {ticket.notices.map((n) => (
            <li key={n.user} className="break-all">
              {fill(manage.ticketToldRow, {
                user: n.user,
                mail: n.emailSentAt
                  ? fill(manage.ticketMailed, { time: dateTime(n.emailSentAt) })
                  : manage.ticketNotMailed,
              })}
            </li>
          ))}
        </ul>
      </details>
      <p className="mt-2 font-medium text-slate-700">{manage.ticketDecisions}</p>
      {ticket.decisions.length === 0 ? (
        <p className="text-slate-600">{manage.ticketNoDecision}</p>
      ) : (
        <ul className="text-slate-600">
          {ticket.decisions.map((d) => (
            <li key={d.user} className="break-all">
              {fill(manage.ticketDecisionRow, {
                user: d.user,
                status: d.status === "optedIn" ? manage.optedIn : manage.optedOut,
                time: dateTime(d.at),
              })}
            </li>
          ))}
        </ul>
      )}
      {ticket.returns.length > 0 ? (
        <ul className="mt-1 text-slate-600">
          {ticket.returns.map((r) => (
            <li key={r.user} className="break-all">
              {fill(manage.ticketReturned, { user: r.user, nftId: r.nftId ?? "…" })}
            </li>
          ))}
        </ul>
      ) : null}
      {ticket.decisions.some((d) => d.status === "optedOut") ? (
        <button
          type="button"
          className={`${secondaryButton} mt-2`}
          disabled={busy}
          onClick={() => void returnFunds()}
        >
          {manage.returnFunds}
        </button>
      ) : null}
      {messages.map((m) => (
        <p key={m} className="mt-1 break-all text-slate-700">
          {m}
        </p>
      ))}
      {error ? <ErrorText>{error}</ErrorText> : null}
    </li>
  );
}
