"use client";

import type { ReactNode } from "react";
import { txHashLink } from "@/components/toast/toast";
import { Template } from "@/components/ui/Template";
import { useExplorerUrl } from "@/lib/tx/explorer";

/**
 * A transaction's link to the chain's explorer ('View transaction'), or, on a chain without an
 * explorer (the local anvil), the whole hash to copy. `testId` names the link `<testId>-link`
 * and the hash `<testId>-hash`.
 */
export function TxHashLink({
  hash,
  testId,
  className = "underline",
}: {
  hash: string;
  testId: string;
  className?: string;
}) {
  const link = txHashLink({ hash, explorerUrl: useExplorerUrl() });
  if (link.href) {
    return (
      <a
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        data-testid={`${testId}-link`}
      >
        {link.label}
      </a>
    );
  }
  return (
    <span className="font-mono break-all" title={hash} data-testid={`${testId}-hash`}>
      {hash}
    </span>
  );
}

/**
 * The last step of a transaction modal (lend, withdraw): title, text, the transaction and Close.
 * `copy.transaction` is a template with a `{link}` slot.
 */
export function TxDone({
  testId,
  copy,
  text,
  hash,
  onClose,
}: {
  testId: string;
  copy: { title: string; transaction: string; close: string };
  text: ReactNode;
  hash: string;
  onClose: () => void;
}) {
  return (
    <div className="space-y-4 text-sm text-slate-700" data-testid={`${testId}-done`}>
      <p className="text-base font-semibold text-slate-900">{copy.title}</p>
      <p>{text}</p>
      <p>
        <Template
          text={copy.transaction}
          values={{ link: <TxHashLink hash={hash} testId={`${testId}-tx`} /> }}
        />
      </p>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
        >
          {copy.close}
        </button>
      </div>
    </div>
  );
}
