"use client";

import { devPanel } from "@lending/sdk";
import dynamic from "next/dynamic";
import { useState } from "react";

/** Loaded on the first click only: the panel is never part of a page's first-load JavaScript. */
const DevPanel = dynamic(() => import("./DevPanel"), { ssr: false });

/**
 * The floating "Demo controls" button of the local chain (the layout renders it on chain 31337
 * only): opens the dev panel.
 */
export function DevPanelLauncher() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="dev-panel-open"
        onClick={() => setOpen(true)}
        className="fixed bottom-4 left-4 z-30 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-slate-700 focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none"
      >
        {devPanel.open}
      </button>
      {open ? <DevPanel onClose={() => setOpen(false)} /> : null}
    </>
  );
}
