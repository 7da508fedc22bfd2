import { decisions as copy } from "@lending/sdk";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { showToast } from "@/components/toast/toast";
import { isUserRejection } from "@/lib/errors";
import { logClientError } from "@/lib/tx/pipeline";

/**
 * The wallet's session, signing in (Sign-In with Ethereum) when it has none: the tickets are
 * personal. False after a toast when the wallet declines or the sign-in fails.
 */
export async function withDecisionsSession(args: {
  config: Config;
  address: Address;
  chainId: number;
}): Promise<boolean> {
  const [{ ensureWalletSession }, { signMessage }] = await Promise.all([
    import("@/features/auth/walletSession"),
    import("wagmi/actions"),
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
      void showToast({ type: "error", title: copy.signInDeclined, message: copy.signInError });
      return false;
    }
    const message = (error as Error).message || copy.error;
    void showToast({ type: "error", title: copy.signInError, message });
    await logClientError(error, { ...args, title: copy.signInError, message });
    return false;
  }
}
