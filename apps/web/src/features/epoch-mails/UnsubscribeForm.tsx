"use client";

import { epochMail as copy } from "@lending/sdk";
import { useState } from "react";
import { ApiError } from "@/lib/api";
import { apiPost } from "@/lib/apiWrite";

/**
 * /unsubscribe?token=…: one button that turns epoch mails off for the token's address (no sign-in;
 * the link only unsubscribes). Not on page load, so a mail scanner that opens links changes nothing.
 */
export function UnsubscribeForm({ token }: { token: string }) {
  const [state, setState] = useState<"idle" | "busy" | "done" | "invalid" | "error">(
    token ? "idle" : "invalid",
  );

  async function submit() {
    setState("busy");
    try {
      await apiPost("/api/epoch-mails/unsubscribe", { token });
      setState("done");
    } catch (error) {
      setState(error instanceof ApiError && error.statusCode === 400 ? "invalid" : "error");
    }
  }

  if (state === "done" || state === "invalid") {
    return (
      <p role="status" className="text-slate-700" data-testid="unsubscribe-result">
        {state === "done" ? copy.pageDone : copy.pageInvalid}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-slate-700">{copy.pageText}</p>
      <button
        type="button"
        onClick={() => void submit()}
        disabled={state === "busy"}
        className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-50"
        data-testid="unsubscribe-confirm"
      >
        {copy.pageConfirm}
      </button>
      {state === "error" ? (
        <p role="alert" className="text-red-800">
          {copy.pageError}
        </p>
      ) : null}
    </div>
  );
}
