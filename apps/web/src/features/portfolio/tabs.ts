import { tabs } from "@lending/sdk";
import type { SubNavItem } from "@/components/layout/SubNavView";

export const PORTFOLIO_TABS_LABEL = tabs.portfolioLabel;

export const PORTFOLIO_TABS: readonly SubNavItem[] = [
  { href: "/portfolio", label: tabs.portfolio.overview, exact: true },
  { href: "/portfolio/my-transactions", label: tabs.portfolio.myTransactions },
  { href: "/portfolio/bonus-and-rewards", label: tabs.portfolio.bonusAndRewards },
  { href: "/portfolio/wallet-balance", label: tabs.portfolio.walletBalance },
];
