"use client";

import { clientOnly } from "@/lib/clientOnly";

/**
 * The incident notices inside the portfolio, loaded after its first load: they read the indexer
 * before they can show anything, and most positions never have one.
 */
export { LazyPoolNotice } from "./lazyPoolNotice";
export const LazyPositionLossNotice = clientOnly(() =>
  import("./PositionLossNotice").then((m) => m.PositionLossNotice),
);
