"use client";

import { useEffect } from "react";
import { useModal } from "@/components/modal/modalContext";
import { useFeature } from "@/features/flags/useFeature";
import { REFERRER_KEY } from "./storage";

/** On /referrals/{address}: remembers the referrer in this browser and shows the modal. */
export function ReferralCapture({ referrer }: { referrer: string }) {
  const { open } = useModal();
  const feature = useFeature("referral");
  useEffect(() => {
    localStorage.setItem(REFERRER_KEY, referrer.toLowerCase());
    feature(() => open("referralDetected", { referrer }));
  }, [referrer, open, feature]);
  return null;
}
