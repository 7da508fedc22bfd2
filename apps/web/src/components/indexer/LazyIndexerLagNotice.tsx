"use client";

import { clientOnly } from "@/lib/clientOnly";

/**
 * The indexer lag notice for the public pages, loaded after the page: it shows only while the
 * indexer is behind (asked over the network anyway), so its code and copy stay out of the
 * page's first load.
 */
export const LazyIndexerLagNotice = clientOnly(() =>
  import("./IndexerLagNotice").then((m) => m.IndexerLagNotice),
);
