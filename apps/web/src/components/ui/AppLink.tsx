"use client";

// the router's context, as next/link reads it: null outside the app router (a unit test), where
// the link is a plain one (`useRouter` would throw there)
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { useContext, useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from "react";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** an in-app path (with its query and hash) */
  href: string;
  /** false: keep the scroll position (next/link's `scroll={false}`) */
  scroll?: boolean;
  "data-testid"?: string;
};

/** A click the browser handles itself: a new tab or window, a download, another button. */
function browserHandles(e: MouseEvent<HTMLAnchorElement>): boolean {
  const target = e.currentTarget.getAttribute("target");
  return (
    e.defaultPrevented ||
    e.button !== 0 ||
    e.metaKey ||
    e.ctrlKey ||
    e.shiftKey ||
    e.altKey ||
    (target !== null && target !== "_self") ||
    e.currentTarget.hasAttribute("download")
  );
}

/**
 * An in-app link: what `next/link` does for this app's links, through the router's public API,
 * without next/link's own modules (about 2.9 KB gzip on every visitor's page, issue 26). A plain
 * `<a href>` in the server's HTML (it works before hydration and without JavaScript); once
 * hydrated, a click navigates without reloading the page (`router.push`), and the target is
 * prefetched when the link enters the viewport and again on hover or touch, as next/link's
 * default prefetch does in a production build.
 */
export function AppLink({ href, scroll, onClick, onMouseEnter, onTouchStart, ...rest }: Props) {
  const router = useContext(AppRouterContext);
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!router || !el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      router.prefetch(href);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [href, router]);
  return (
    <a
      ref={ref}
      href={href}
      {...rest}
      onClick={(e) => {
        onClick?.(e);
        if (!router || browserHandles(e)) return;
        e.preventDefault();
        router.push(href, scroll === false ? { scroll: false } : undefined);
      }}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        router?.prefetch(href);
      }}
      onTouchStart={(e) => {
        onTouchStart?.(e);
        router?.prefetch(href);
      }}
    />
  );
}
