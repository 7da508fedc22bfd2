import { fill, repaymentsButton as copy } from "@lending/sdk";
import { OpenModalButton } from "@/components/modal/OpenModalButton";
import type { FeatureName } from "@/config/schema";
import { featureModal } from "@/features/flags/featureModal";
import { REPAYMENTS_BUTTON_CLASS } from "./repaymentsButtonClass";

/**
 * The pool card's Historical repayments button, rendered on the server (issue 26): the same
 * button and modal as the portfolio's RepaymentsButton, with its words and the feature flag decided here.
 */
export function PoolRepaymentsButton({
  poolId,
  poolName,
  unreleased = [],
}: {
  poolId: bigint;
  poolName: string;
  /** the deployment's FEATURE_UNRELEASED */
  unreleased?: readonly FeatureName[];
}) {
  return (
    <OpenModalButton
      {...featureModal("historicalRepayments", unreleased, {
        modal: "historicalRepayments",
        props: { poolId, poolName },
      })}
      label={copy.label}
      ariaLabel={fill(copy.labelOf, { pool: poolName })}
      className={REPAYMENTS_BUTTON_CLASS}
      testId="historical-repayments-open"
    />
  );
}
