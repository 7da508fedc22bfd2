"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { RECOVER_MS } from "@/lib/queries/recovery";
import { LoadError } from "./LoadError";

/** What a server component reports when its chain read failed (the RPC did not answer). */
const SERVER_READ_FAILED = { name: "HttpRequestError" };

/**
 * {@link LoadError} for a page rendered on the server: Retry renders the page again, and so does
 * a timer every {@link RECOVER_MS}, so the page comes back by itself once the chain answers.
 */
export function RefreshingLoadError({ what, testId }: { what?: string; testId?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [tries, setTries] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      startTransition(() => router.refresh());
      setTries((n) => n + 1);
    }, RECOVER_MS);
    return () => clearTimeout(timer);
  }, [router, tries]);
  return (
    <LoadError
      error={SERVER_READ_FAILED}
      source="chain"
      what={what}
      retrying={pending}
      onRetry={() => startTransition(() => router.refresh())}
      testId={testId}
    />
  );
}
