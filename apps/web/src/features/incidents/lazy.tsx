"use client";

import dynamic from "next/dynamic";

/**
 * The incident notices inside the portfolio, loaded after its first load: they read the indexer
 * before they can show anything, and most positions never have one.
 */
export const LazyPoolNotice = dynamic(() => import("./PoolNotice").then((m) => m.PoolNotice), {
  ssr: false,
});
export const LazyPositionLossNotice = dynamic(
  () => import("./PositionLossNotice").then((m) => m.PositionLossNotice),
  { ssr: false },
);
