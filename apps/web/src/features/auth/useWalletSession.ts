import { useCallback, useEffect, useRef } from "react";
import { useConfig, useConnection } from "wagmi";
import { signMessage } from "wagmi/actions";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { ensureWalletSession, signOutWallet, type WalletSession } from "./walletSession";

/**
 * `ensure()` answers a session of the connected wallet, asking it to sign in (a message naming this
 * site and the app's chain, CHAIN_ID) when needed. When the
 * wallet's account changes (or it disconnects), a session opened here for the previous account is
 * ended, so the next personal read has to sign in as the new one.
 */
export function useWalletSession(): { ensure: () => Promise<WalletSession> } {
  const config = useConfig();
  const { chainId } = usePublicConfig();
  const { address } = useConnection();
  const opened = useRef<{ address: string | null; kind: string } | null>(null);

  useEffect(() => {
    // a wallet's own (SIWE) session ends with the wallet; an email or Google account's session
    // stays (it follows the account's active wallet)
    if (opened.current && opened.current.address !== address?.toLowerCase()) {
      const { kind } = opened.current;
      opened.current = null;
      if (kind === "siwe") void signOutWallet().catch(() => {});
    }
  }, [address]);

  const ensure = useCallback(async () => {
    if (!address) throw new Error("Connect a wallet first");
    const session = await ensureWalletSession({
      address,
      chainId,
      signMessage: ({ account, message }) => signMessage(config, { account, message }),
    });
    opened.current = { address: session.address, kind: session.kind };
    return session;
  }, [address, chainId, config]);

  return { ensure };
}
