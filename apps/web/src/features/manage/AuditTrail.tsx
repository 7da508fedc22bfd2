"use client";

import { fill, manage, shortenAddress } from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { secondaryButton } from "@/components/ui/buttons";
import { Skeleton } from "@/components/ui/Skeleton";
import { AUDIT_CSV_URL, fetchAudit, manageKeys } from "./api";
import { dateTime, ErrorText, Section } from "./ui";

/** The audit trail: every operator action, newest first, and its CSV export. */
export function AuditTrail() {
  const audit = useQuery({ queryKey: manageKeys.audit(), queryFn: fetchAudit });
  return (
    <Section
      id="manage-audit"
      title={manage.auditTitle}
      lead={manage.auditLead}
      action={
        <a href={AUDIT_CSV_URL} download className={`${secondaryButton} text-sm`}>
          {manage.auditCsv}
        </a>
      }
    >
      {audit.error ? (
        <ErrorText>{fill(manage.loadFailed, { message: audit.error.message })}</ErrorText>
      ) : null}
      {!audit.data ? (
        <Skeleton className="h-16 w-full" />
      ) : audit.data.entries.length === 0 ? (
        <p className="text-sm text-slate-600">{manage.auditEmpty}</p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="audit-trail">
          {audit.data.entries.map((e) => (
            <li key={e.id} className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-semibold break-words text-slate-900">
                {fill(manage.auditRow, { action: e.action, target: e.target })}
              </p>
              <p className="text-slate-600">
                {fill(manage.auditBy, {
                  time: dateTime(e.createdAt),
                  actor: shortenAddress(e.actor),
                })}
              </p>
              {e.reason ? (
                <p className="break-words text-slate-700">
                  {fill(manage.auditReason, { reason: e.reason })}
                </p>
              ) : null}
              {e.txHash ? (
                <p className="break-all text-slate-600">
                  {fill(manage.auditTx, { hash: e.txHash })}
                </p>
              ) : null}
              {Object.keys(e.details).length ? (
                <p className="break-all text-slate-500">
                  {fill(manage.auditDetails, {
                    details: Object.entries(e.details)
                      .map(([k, v]) => `${k}=${v}`)
                      .join(", "),
                  })}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
