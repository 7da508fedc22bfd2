"use client";

import { useEffect } from "react";
import { useModal } from "@/components/modal/modalContext";
import { useFeature } from "@/features/flags/useFeature";
import { REFERRER_KEY } from "./storage";

/**
 * The referrers whose modal this page load has shown: a page mounted again (a client-side
 * navigation back to the link) does not open it a second time over what the visitor did since.
 */
const shown = new Set<string>();

/** On /referrals/{address}: remembers the referrer in this browser and shows the modal. */
export function ReferralCapture({ referrer }: { referrer: string }) {
  const { open } = useModal();
  const feature = useFeature("referral");
  useEffect(() => {
    localStorage.setItem(REFERRER_KEY, referrer.toLowerCase());
    const key = referrer.toLowerCase();
    if (shown.has(key)) return;
    shown.add(key);
    feature(() => open("referralDetected", { referrer }));
  }, [referrer, open, feature]);
  return null;
}
