"use client";

import dynamic from "next/dynamic";
import { useConnection } from "wagmi";
import { usePublicConfig } from "@/providers/PublicConfigContext";

const DecisionsWatcher = dynamic(() => import("@/features/decisions/DecisionsWatcher"), {
  ssr: false,
});
const NftWatcher = dynamic(() => import("@/features/rewards/NftWatcher"), { ssr: false });

/**
 * Loads the watchers of a connected wallet (not in any first load): pending decisions, and the
 * partner NFT when a collection is configured.
 */
export function WalletWatchers() {
  const { status } = useConnection();
  const { nftCollection } = usePublicConfig();
  if (status !== "connected") return null;
  return (
    <>
      <DecisionsWatcher />
      {nftCollection ? <NftWatcher /> : null}
    </>
  );
}
