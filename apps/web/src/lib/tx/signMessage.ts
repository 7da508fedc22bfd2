import { loadTx } from "@/lib/stack/chunks";
import { lend } from "@lending/sdk";
import type { Hex } from "viem";
import type { Config } from "wagmi";
import { showToast } from "@/components/toast/toast";
import { isUserRejection } from "@/lib/errors";

/**
 * Asks the connected wallet to sign `message`. A refusal shows the spec's toast ('Message
 * signature request declined.' with `unable`, e.g. 'Unable to view Loan Contract.') and answers
 * null; any other failure is thrown for the caller's own error handling.
 */
export async function signOrDecline(
  config: Config,
  message: string,
  unable: string,
): Promise<Hex | null> {
  const { signMessage } = await loadTx();
  try {
    return await signMessage(config, { message });
  } catch (error) {
    if (!isUserRejection(error)) throw error;
    void showToast({ type: "error", title: lend.review.signatureDeclined, message: unable });
    return null;
  }
}
