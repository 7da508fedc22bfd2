"use client";

import { useCallback } from "react";
import { useModal } from "@/components/modal/modalContext";
import type { FeatureName } from "@/config/schema";
import { usePublicConfig } from "@/providers/PublicConfigContext";

/**
 * An entry of a feature: runs `proceed`, or, when the deployment lists the feature in
 * FEATURE_UNRELEASED, opens the unreleased feature modal instead.
 */
export function useFeature(name: FeatureName): (proceed: () => void) => void {
  const { features } = usePublicConfig();
  const { open } = useModal();
  const unreleased = features.unreleased.includes(name);
  return useCallback(
    (proceed: () => void) => {
      if (unreleased) open("unreleasedFeature", { feature: name });
      else proceed();
    },
    [unreleased, open, name],
  );
}
