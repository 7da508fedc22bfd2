import type { SubNavItem } from "@/components/layout/SubNav";

export const PORTFOLIO_TABS: readonly SubNavItem[] = [
  { href: "/portfolio", label: "Overview", exact: true },
  { href: "/portfolio/my-transactions", label: "My transactions" },
  { href: "/portfolio/bonus-and-rewards", label: "Bonus and rewards" },
  { href: "/portfolio/wallet-balance", label: "Wallet balance" },
];
