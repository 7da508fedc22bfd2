"use client";

import { useEffect } from "react";
import { useConnection } from "wagmi";
import { useModal } from "@/components/modal/modalContext";
import { useAppChain } from "@/lib/queries/hooks";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { heldTokens } from "./nftBalance";

/** The browser remembers, per chain, collection and wallet, that the modal was shown. */
export const nftSeenKey = (chainId: number, collection: string, wallet: string) =>
  `nft-detected:${chainId}:${collection.toLowerCase()}:${wallet.toLowerCase()}`;

/**
 * Opens the NFT detected modal once per wallet (remembered in this browser) when the connected
 * wallet holds a token of the configured partner collection (NFT_COLLECTION_ADDRESS).
 */
export default function NftWatcher() {
  const { address, status } = useConnection();
  const { nftCollection } = usePublicConfig();
  const { chainId, client } = useAppChain();
  const { push } = useModal();

  useEffect(() => {
    if (status !== "connected" || !address || !nftCollection || !client) return;
    const key = nftSeenKey(chainId, nftCollection, address);
    if (localStorage.getItem(key)) return;
    let cancelled = false;
    void heldTokens(client, nftCollection, address)
      .then((balance) => {
        if (cancelled || balance === 0n || localStorage.getItem(key)) return;
        localStorage.setItem(key, String(Date.now()));
        push("nftDetected");
      })
      .catch(() => {
        // a background check: nothing to tell when the collection cannot be read
      });
    return () => {
      cancelled = true;
    };
  }, [address, status, nftCollection, chainId, client, push]);

  return null;
}
