"use client";

import { isAwaitingDecision } from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useConnection } from "wagmi";
import { useModal } from "@/components/modal/modalContext";
import { getWalletSession } from "@/features/auth/session";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { markTicketsSeen, unseenTickets } from "./seenTickets";
import { fetchTickets, ticketsKey } from "./tickets";

/** Wallets whose pending decisions were already shown in this page load. */
const shown = new Set<string>();

/**
 * Opens the pending decisions modal when the connected wallet has a ticket inside its 2-day
 * window that this browser has not shown it before (once per new ticket, remembered per wallet
 * in localStorage, and at most once per page load). Reads only with the session the wallet already has (no sign-in prompt
 * on page load; /portfolio's Pending decisions button signs in).
 */
export default function DecisionsWatcher() {
  const { address, status } = useConnection();
  const { chainId } = usePublicConfig();
  const { push } = useModal();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (status !== "connected" || !address) return;
    const key = `${chainId}:${address.toLowerCase()}`;
    if (shown.has(key)) return;
    let cancelled = false;
    void (async () => {
      try {
        const session = await getWalletSession();
        if (cancelled || session?.address !== address.toLowerCase()) return;
        const tickets = await fetchTickets(chainId, address);
        if (cancelled || shown.has(key)) return;
        queryClient.setQueryData(ticketsKey(chainId, address), tickets);
        const awaiting = tickets.filter((t) => isAwaitingDecision(t, Date.now())).map((t) => t.id);
        if (unseenTickets(chainId, address, awaiting).length > 0) {
          shown.add(key);
          markTicketsSeen(chainId, address, awaiting);
          push("pendingDecisions");
        }
      } catch {
        // a background check: the Pending decisions button shows errors
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [address, status, chainId, push, queryClient]);

  return null;
}
