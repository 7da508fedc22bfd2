"use client";

import { clientOnly } from "@/lib/clientOnly";

/**
 * A pool's notice, loaded after the page's first load (it reads the indexer before it can show
 * anything, and most pools never have one). Its own module: /lending's cards, rendered on the
 * server, carry only this loader (issue 26).
 */
export const LazyPoolNotice = clientOnly(() => import("./PoolNotice").then((m) => m.PoolNotice));
