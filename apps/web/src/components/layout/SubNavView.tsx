import Link from "next/link";
import { isNavActive } from "./nav";

export interface SubNavItem {
  href: string;
  label: string;
  /** active only on the exact path (an overview page whose children have their own tab) */
  exact?: boolean;
}

/**
 * Secondary tabs inside a section, for the path `pathname`. A page that knows its own path
 * renders this on the server (the lending tabs: no JavaScript of its own, issue 26); a shared
 * layout uses the client `SubNav`, which reads the path.
 */
export function SubNavView({
  label,
  items,
  pathname,
}: {
  label: string;
  items: readonly SubNavItem[];
  pathname: string | null;
}) {
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
