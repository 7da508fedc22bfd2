import type { SubNavItem } from "@/components/layout/SubNav";

export const LENDING_TABS: readonly SubNavItem[] = [
  { href: "/lending", label: "Open strategies", exact: true },
  { href: "/lending/fully-subscribed-lending-strategies", label: "Fully subscribed" },
  { href: "/lending/closed-lending-strategies", label: "Closed" },
  { href: "/lending/important-information-document", label: "Important information" },
  { href: "/lending/risk-warning", label: "Risk warning" },
];
