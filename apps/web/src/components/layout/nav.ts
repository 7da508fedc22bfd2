import { common } from "@lending/sdk";

/** Main navigation (spec section 2). "My Portfolio" shows only while a wallet is connected. */
export interface NavItem {
  href: string;
  label: string;
  requiresWallet?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/lending", label: common.nav.lending },
  { href: "/locking", label: common.nav.locking },
  { href: "/portfolio", label: common.nav.portfolio, requiresWallet: true },
];

const stripTrailingSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);

/**
 * Active state by path prefix, on whole segments: `/lending` is active on `/lending` and
 * `/lending/risk-warning`, not on `/lendingfoo`. `/` is active only on `/`.
 *
 * @example isNavActive("/portfolio/my-transactions", "/portfolio") // true
 */
export function isNavActive(pathname: string | null | undefined, href: string): boolean {
  if (!pathname) return false;
  const path = stripTrailingSlash(pathname.split(/[?#]/)[0] ?? "");
  const target = stripTrailingSlash(href);
  if (target === "/") return path === "/";
  return path === target || path.startsWith(`${target}/`);
}

/** The items to show for a connection state. */
export function visibleNavItems(connected: boolean): NavItem[] {
  return NAV_ITEMS.filter((i) => connected || !i.requiresWallet);
}
