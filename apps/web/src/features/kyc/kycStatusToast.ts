import { pools, tx } from "@lending/sdk";
import { showToast } from "@/components/toast/toast";

/**
 * The toast of a KYC status that could not be read on a Lend click. Its own module so that the
 * toast's code and the tx copy load with the first such toast, not with every page's Lend buttons.
 */
export function showKycStatusUnavailable(error: unknown): Promise<string | number> {
  return showToast({
    type: "error",
    title: pools.kycStatusUnavailable,
    message: error instanceof Error ? error.message : tx.unexpectedError,
  });
}
