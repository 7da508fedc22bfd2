"use client";

import { lend } from "@lending/sdk";
import { txHashLink } from "@/components/toast/toast";
import { Template } from "@/components/ui/Template";
import { useExplorerUrl } from "@/lib/tx/useTransactor";

const copy = lend.done;

/** Step 3: the deposit request was sent. */
export function LendStep3({ hash, onClose }: { hash: string; onClose: () => void }) {
  const link = txHashLink({ hash, explorerUrl: useExplorerUrl() });
  return (
    <div className="space-y-4 text-sm text-slate-700" data-testid="lend-done">
      <p className="text-base font-semibold text-slate-900">{copy.title}</p>
      <p>{copy.text}</p>
      <p>
        <Template
          text={copy.transaction}
          values={{
            link: link.href ? (
              <a className="underline" href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ) : (
              <span className="font-mono break-all" data-testid="lend-tx-hash">
                {link.label}
              </span>
            ),
          }}
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
