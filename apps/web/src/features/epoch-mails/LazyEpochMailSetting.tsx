"use client";

import dynamic from "next/dynamic";

/** The epoch-mail setting at the foot of the portfolio, loaded after the page's first load. */
export const LazyEpochMailSetting = dynamic(
  () => import("./EpochMailSetting").then((m) => m.EpochMailSetting),
  { ssr: false },
);
