import { fill, isTrancheOversubscribedFor, pools, trancheFullText, type Pool } from "@lending/sdk";
import { LendAction } from "./LendAction";
import { TrancheFullView, trancheFullId } from "./TrancheFullView";

/**
 * A tranche's action cell, rendered on the server (the pool cards on /lending, the pool page): a
 * tranche closed after a loss shows Closed, one that takes no deposits this epoch shows
 * Oversubscribed, each disabled with why (the same for every user: no client code); any other
 * shows Lend ({@link LendAction}), which for a connected lender becomes Oversubscribed once their
 * own maximum for the epoch is used up.
 */
export function TrancheAction({
  pool,
  tranche,
}: {
  pool: Pool;
  tranche: Pool["tranches"][number];
}) {
  if (tranche.closed || isTrancheOversubscribedFor(tranche)) {
    return (
      <TrancheFullView
        label={tranche.closed ? pools.closed : pools.oversubscribed}
        reason={
          tranche.closed
            ? pools.closedTooltip
            : (trancheFullText(tranche) ?? pools.oversubscribedTooltip)
        }
        tooltipId={trancheFullId(tranche.closed, pool.id, tranche.id)}
      />
    );
  }
  return (
    <LendAction
      pool={pool}
      trancheId={tranche.id}
      label={pools.lend}
      ariaLabel={fill(pools.lendInto, { tranche: tranche.name })}
    />
  );
}
