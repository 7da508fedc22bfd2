"use client";

import { fill, manage } from "@lending/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { primaryButton, secondaryButton, textInput } from "@/components/ui/buttons";
import { Skeleton } from "@/components/ui/Skeleton";
import { showToast } from "@/components/toast/toast";
import { fetchReviewQueue, manageKeys, postReview, type ReviewItem } from "./api";
import { ErrorText, fieldLabel, Section } from "./ui";

/** The identity review queue: approve or reject, with a reason the lender sees. */
export function KycQueue() {
  const queue = useQuery({ queryKey: manageKeys.kyc(), queryFn: fetchReviewQueue });
  return (
    <Section id="manage-kyc" title={manage.kycTitle} lead={manage.kycLead}>
      {queue.error ? (
        <ErrorText>{fill(manage.loadFailed, { message: queue.error.message })}</ErrorText>
      ) : null}
      {!queue.data ? (
        <Skeleton className="h-16 w-full" />
      ) : queue.data.queue.length === 0 ? (
        <p className="text-sm text-slate-600">{manage.kycEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {queue.data.queue.map((item) => (
            <ReviewRow key={item.address} item={item} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function ReviewRow({ item }: { item: ReviewItem }) {
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const name = item.fullName ?? item.address;
  const fieldId = `reason-${item.address}`;
  const errorId = `${fieldId}-error`;
  const review = useMutation({
    mutationFn: (decision: "approve" | "reject") =>
      postReview({ address: item.address, decision, reason }),
    onSuccess: (result, decision) => {
      void showToast({
        type: "success",
        title: fill(decision === "approve" ? manage.approved : manage.rejected, { name }),
      });
      void client.invalidateQueries({ queryKey: manageKeys.all });
    },
    onError: (e) => setError(e.message),
  });
  const decide = (decision: "approve" | "reject") => {
    setError(null);
    if (decision === "reject" && !reason.trim()) return setError(manage.reasonRequired);
    review.mutate(decision);
  };
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 p-3" data-testid="kyc-review-row">
      <p className="font-semibold break-words text-slate-900">{name}</p>
      <p className="text-sm break-all text-slate-600">{item.address}</p>
      <p className="text-sm break-words text-slate-600">
        {fill(manage.kycEntity, {
          entity: item.entityType ?? "",
          email: item.email ?? manage.kycNoEmail,
        })}
      </p>
      <label htmlFor={fieldId} className={`${fieldLabel} mt-2`}>
        {fill(manage.reasonFor, { name })}
      </label>
      <textarea
        id={fieldId}
        className={textInput}
        rows={2}
        maxLength={500}
        value={reason}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={primaryButton}
          disabled={review.isPending}
          onClick={() => decide("approve")}
        >
          {manage.approve}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={review.isPending}
          onClick={() => decide("reject")}
        >
          {manage.reject}
        </button>
      </div>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </li>
  );
}
