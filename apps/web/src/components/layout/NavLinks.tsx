"use client";

import { useConnection } from "@/lib/stack";
import { common } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { usePathname } from "next/navigation";
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
          <AppLink
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={`inline-flex min-h-6 items-center rounded-lg px-2 py-1.5 text-sm font-medium transition-colors sm:px-3 sm:py-2 ${
              active
                ? "bg-slate-900 text-white"
                : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            }`}
          >
            {item.label}
          </AppLink>
        );
      })}
    </nav>
  );
}
