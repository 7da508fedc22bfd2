"use client";

import dynamic from "next/dynamic";

/** The portfolio's statements section, loaded after the page's first load. */
export const LazyStatementsSection = dynamic(
  () => import("./StatementsSection").then((m) => m.StatementsSection),
  { ssr: false },
);
