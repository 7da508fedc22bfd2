import { loadTx } from "@/lib/stack/chunks";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { showToast } from "@/components/toast/toast";
import { isUserRejection } from "@/lib/errors";
import { logClientError } from "@/lib/tx/pipeline";

/**
 * The wallet's session, signing in (Sign-In with Ethereum) when it has none, before a read of
 * personal data (loan tickets, referred users). False after a toast when the wallet declines
 * (`copy.declined` over `copy.error`) or the sign-in fails (`copy.error`).
 */
export async function withWalletSession(
  args: { config: Config; address: Address; chainId: number },
  copy: { declined: string; error: string },
): Promise<boolean> {
  const [{ ensureWalletSession }, { signMessage }] = await Promise.all([
    import("@/features/auth/walletSession"),
    loadTx(),
  ]);
  try {
    await ensureWalletSession({
      address: args.address,
      chainId: args.chainId,
      signMessage: ({ account, message }) => signMessage(args.config, { account, message }),
    });
    return true;
  } catch (error) {
    if (isUserRejection(error)) {
      void showToast({ type: "error", title: copy.declined, message: copy.error });
      return false;
    }
    const message = (error as Error).message || copy.error;
    void showToast({ type: "error", title: copy.error, message });
    await logClientError(error, { ...args, title: copy.error, message });
    return false;
  }
}
