"use client";

import { clientOnly } from "@/lib/clientOnly";

/** The portfolio's statements section, loaded after the page's first load. */
export const LazyStatementsSection = clientOnly(() =>
  import("./StatementsSection").then((m) => m.StatementsSection),
);
