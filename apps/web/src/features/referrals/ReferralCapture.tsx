"use client";

import { useEffect } from "react";
import { useModal } from "@/components/modal/modalContext";
import { registerVisitorModal } from "@/components/modal/visitorModals";
import { useFeature } from "@/features/flags/useFeature";
import ReferralDetectedVisitor from "./ReferralDetectedVisitor";
import { REFERRER_KEY } from "./storage";

// the modal this page opens on load, in this page's chunk: a visitor's page shows it without the
// wallet stack (the registry's modal of the same name once the stack has loaded)
registerVisitorModal("referralDetected", ReferralDetectedVisitor);

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
