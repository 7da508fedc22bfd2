"use client";

import { usePathname } from "next/navigation";
import { SubNavView, type SubNavItem } from "./SubNavView";

export type { SubNavItem } from "./SubNavView";

/** Secondary tabs inside a section whose layout does not know the path (the portfolio's). */
export function SubNav({ label, items }: { label: string; items: readonly SubNavItem[] }) {
  return <SubNavView label={label} items={items} pathname={usePathname()} />;
}
