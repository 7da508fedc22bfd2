"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect, useTransition } from "react";

/**
 * Renders the page again on the server every `ms` (`router.refresh()`: the server components
 * read again, the client parts keep their state), as a query's `refetchInterval` would: not while
 * the tab is hidden, and at once when it shows again after `ms` or more (issue 26: /lending's
 * pools are read on the server, with no client query). Renders nothing.
 */
export function RefreshEvery({ ms }: { ms: number }) {
  const router = useRouter();
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      startTransition(() => router.refresh());
    };
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") refresh();
    }, ms);
    const onShow = () => {
      if (document.visibilityState === "visible" && Date.now() - last >= ms) refresh();
    };
    document.addEventListener("visibilitychange", onShow);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onShow);
    };
  }, [router, ms]);
  return null;
}

/** A button that renders the page again on the server (Retry); disabled, `busyLabel`, meanwhile. */
export function RefreshButton({
  label,
  busyLabel,
  className,
}: {
  label: string;
  busyLabel: string;
  className?: string;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => start(() => router.refresh())}
      className={className}
    >
      {pending ? busyLabel : label}
    </button>
  );
}
