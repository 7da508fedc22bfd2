"use client";

import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from "react";

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * A component whose code loads in the browser once the page is hydrated; the server's HTML and
 * the hydrating render show `loading` (nothing by default). What `next/dynamic` with `ssr: false`
 * does, without next/dynamic's own modules (about 1.5 KB gzip in every visitor's first load,
 * issue 26): for the parts of a visitor's page (the layout, the lag notice, the pools' notices,
 * the portfolio's views). Code that loads with the wallet stack may use either.
 */
export function clientOnly<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loading?: () => ReactNode,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function ClientOnly(props: P) {
    const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
    const fallback = loading ? loading() : null;
    if (!hydrated) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return ClientOnly;
}
