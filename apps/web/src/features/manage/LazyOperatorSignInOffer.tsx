"use client";

import { clientOnly } from "@/lib/clientOnly";

/**
 * The sign-in offer of /manage's 404 page (app/manage/not-found.tsx), loaded after that page:
 * its code (the console's copy, the role reads) is in no first load.
 */
export const LazyOperatorSignInOffer = clientOnly(() =>
  import("./OperatorSignInOffer").then((m) => m.OperatorSignInOffer),
);
