import type { FeatureName } from "@/config/schema";
import type { ModalName } from "@/components/modal/registry";

/**
 * What an entry of `feature` that opens a modal opens, decided where the configuration is read
 * (a server component): the unreleased feature modal when the deployment lists the feature in
 * FEATURE_UNRELEASED, else its own modal. The same rule as the client's `useFeature`.
 */
export function featureModal(
  feature: FeatureName,
  unreleased: readonly FeatureName[],
  modal: { modal: ModalName; props?: object },
): { modal: ModalName; props?: object } {
  return unreleased.includes(feature) ? { modal: "unreleasedFeature", props: { feature } } : modal;
}
