import { AppLink } from "@/components/ui/AppLink";
import { isNavActive } from "./nav";

export interface SubNavItem {
  href: string;
  label: string;
  /** active only on the exact path (an overview page whose children have their own tab) */
  exact?: boolean;
}

/**
 * Secondary tabs inside a section, for the path `pathname`: each page of the section renders
 * them on the server with its own path (the lending and portfolio tabs), so they carry no
 * JavaScript of their own (a client component reading the path was a file of its own on every
 * portfolio page, issue 26).
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
          <AppLink
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${
              active ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"
            }`}
          >
            {item.label}
          </AppLink>
        );
      })}
    </nav>
  );
}
