"use client";

import { fill, formatDateTime, loanContract as copy, SCROLL_DEBOUNCE_MS } from "@lending/sdk";
import { useEffect, useRef, useState } from "react";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import type { FormattedContract } from "@/server/services/contract-content";
import type { GeneratedContract } from "@/server/services/lender-agreements";

/**
 * The Loan Contract modal (spec section 2): expand/minimise, a scroll-to-bottom button (scroll
 * handler debounced 100 ms), the important note, the contract sections and the signing date.
 * Back and Accept when the contract can be accepted, otherwise only Close. Registry name
 * "loanContract", opened over the lend modal (`push`), which keeps its state underneath.
 */
export interface LoanContractModalProps {
  contract: GeneratedContract;
  acceptable: boolean;
  /** signs and records the acceptance; true when accepted (the modal then closes) */
  onAccept: () => Promise<boolean>;
}

export default function LoanContractModal(props: RegistryModalProps<LoanContractModalProps>) {
  const [expanded, setExpanded] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [atBottom, setAtBottom] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const formatted = JSON.parse(props.contract.formattedMessage) as FormattedContract;

  const onScroll = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const el = scroller.current;
      if (el) setAtBottom(el.scrollTop + el.clientHeight >= el.scrollHeight - 8);
    }, SCROLL_DEBOUNCE_MS);
  };

  return (
    <Modal title={copy.title} onClose={props.onClose} size={expanded ? "fullscreen" : "wide"}>
      <div className="flex flex-col gap-4" data-testid="loan-contract">
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={() => setExpanded((e) => !e)}
            className="rounded-lg border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-50"
          >
            {expanded ? copy.minimise : copy.expand}
          </button>
          <button
            type="button"
            disabled={atBottom}
            onClick={() => {
              const el = scroller.current;
              el?.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
            }}
            className="rounded-lg border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-50 disabled:opacity-50"
          >
            {copy.scrollToBottom}
          </button>
        </div>
        <div
          ref={scroller}
          onScroll={onScroll}
          tabIndex={0}
          aria-label={copy.textLabel}
          className={`space-y-4 overflow-y-auto rounded-lg border border-slate-200 p-4 text-sm [overflow-wrap:anywhere] text-slate-800 ${
            expanded ? "max-h-[calc(100vh-16rem)]" : "max-h-[50vh]"
          }`}
        >
          <p
            role="note"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          >
            {formatted.importantNote}
          </p>
          {formatted.sections.map((s) => (
            <section key={s.heading}>
              <h3 className="font-semibold text-slate-900">{s.heading}</h3>
              {s.paragraphs.map((p) => (
                <p key={p} className="mt-1">
                  {p}
                </p>
              ))}
            </section>
          ))}
          <p className="text-slate-600">
            {fill(copy.signingDate, { date: formatDateTime(new Date(props.contract.timestamp)) })}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          {props.acceptable ? (
            <>
              <button
                type="button"
                onClick={props.onClose}
                className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
              >
                {copy.back}
              </button>
              <button
                type="button"
                disabled={accepting}
                aria-busy={accepting || undefined}
                onClick={async () => {
                  setAccepting(true);
                  try {
                    if (await props.onAccept()) props.onClose();
                  } finally {
                    setAccepting(false);
                  }
                }}
                className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
              >
                {copy.accept}
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={props.onClose}
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              {copy.close}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
