"use client";

import { common } from "@lending/sdk";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useConnection } from "wagmi";
import { isNavActive, visibleNavItems } from "./nav";

export function NavLinks() {
  const pathname = usePathname();
  const { address, status } = useConnection();
  const items = visibleNavItems(status === "connected" && Boolean(address));
  return (
    <nav aria-label={common.nav.label} className="flex items-center gap-1">
      {items.map((item) => {
        const active = isNavActive(pathname, item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={`rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
              active
                ? "bg-slate-900 text-white"
                : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            }`}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
