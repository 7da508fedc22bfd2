"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";

const OperatorSignInOffer = dynamic(
  () => import("./OperatorSignInOffer").then((m) => m.OperatorSignInOffer),
  { ssr: false },
);

/**
 * The 404 page's sign-in offer for an operator, loaded only on /manage: the root not-found
 * boundary is part of every route's first load, so its code (the console's copy, the role reads)
 * must not be.
 */
export function LazyOperatorSignInOffer() {
  return usePathname() === "/manage" ? <OperatorSignInOffer /> : null;
}
