"use client";

import { clientOnly } from "@/lib/clientOnly";

/** The epoch-mail setting at the foot of the portfolio, loaded after the page's first load. */
export const LazyEpochMailSetting = clientOnly(() =>
  import("./EpochMailSetting").then((m) => m.EpochMailSetting),
);
