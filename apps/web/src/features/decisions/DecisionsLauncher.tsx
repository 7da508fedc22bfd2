"use client";

import dynamic from "next/dynamic";
import { useConnection } from "wagmi";

const DecisionsWatcher = dynamic(() => import("./DecisionsWatcher"), { ssr: false });

/** Loads the pending decisions watcher once a wallet is connected (not in any first load). */
export function DecisionsLauncher() {
  const { status } = useConnection();
  return status === "connected" ? <DecisionsWatcher /> : null;
}
