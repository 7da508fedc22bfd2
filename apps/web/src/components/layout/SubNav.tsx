"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { isNavActive } from "./nav";

export interface SubNavItem {
  href: string;
  label: string;
  /** active only on the exact path (an overview page whose children have their own tab) */
  exact?: boolean;
}

/** Secondary tabs inside a section (portfolio, lending documents). */
export function SubNav({ label, items }: { label: string; items: readonly SubNavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="mb-8 flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      {items.map((item) => {
        const active = item.exact
          ? (pathname ?? "").replace(/\/+$/, "") === item.href
          : isNavActive(pathname, item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${
              active ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"
            }`}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
