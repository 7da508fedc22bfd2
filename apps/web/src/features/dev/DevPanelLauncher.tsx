"use client";

import { useState } from "react";
import { useLiveStack } from "@/lib/stack";
import { loadStack, requestStack } from "@/lib/stack/store";

/**
 * The floating "Demo controls" button of the local chain (the layout renders it on chain 31337
 * only): opens the dev panel (which needs the wallet stack: a visitor's click loads it first).
 * Its label comes from the server (`devPanel.open`), so the catalog stays out of the page's
 * JavaScript.
 */
export function DevPanelLauncher({ label }: { label: string }) {
  const live = useLiveStack();
  const [open, setOpen] = useState(false);
  // a visitor's click loads the stack: the panel opens once it is in (the page stays mounted)
  const onOpen = () => {
    if (live) return setOpen(true);
    requestStack();
    loadStack().then(
      () => setOpen(true),
      () => {}, // a failed chunk load (offline): the next click tries again
    );
  };
  return (
    <>
      <button
        type="button"
        data-testid="dev-panel-open"
        onClick={onOpen}
        className="fixed bottom-4 left-4 z-30 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-slate-700 focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none"
      >
        {label}
      </button>
      {/* loaded on the first click only: never part of a page's first-load JavaScript */}
      {open && live ? <live.DevPanel onClose={() => setOpen(false)} /> : null}
    </>
  );
}
