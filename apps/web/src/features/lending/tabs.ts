import { tabs } from "@lending/sdk";
import type { SubNavItem } from "@/components/layout/SubNavView";

export const LENDING_TABS_LABEL = tabs.lendingLabel;

export const LENDING_TABS: readonly SubNavItem[] = [
  { href: "/lending", label: tabs.lending.open, exact: true },
  { href: "/lending/fully-subscribed-lending-strategies", label: tabs.lending.fullySubscribed },
  { href: "/lending/closed-lending-strategies", label: tabs.lending.closed },
  { href: "/lending/important-information-document", label: tabs.lending.importantInformation },
  { href: "/lending/risk-warning", label: tabs.lending.riskWarning },
];
