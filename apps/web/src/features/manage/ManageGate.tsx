"use client";

import dynamic from "next/dynamic";
import { NotFoundView } from "@/components/layout/NotFoundView";
import { Skeleton } from "@/components/ui/Skeleton";
import { useWalletState } from "@/features/wallet/walletState";
import { useConnection, useQuery } from "@/lib/stack";
import { fetchRoles, manageKeys } from "./api";

/** The console (wagmi, TanStack Query): loaded once a wallet with a role is connected. */
const ManageConsole = dynamic(() => import("./ManageConsole").then((m) => m.ManageConsole), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

/**
 * Shows the console only to a connected wallet holding an operator role on chain (read at the
 * latest block); every other visitor, and a visitor with no wallet, sees the app's 404. The
 * server checks the role again on every call (services/manage/operator.ts): this gate only
 * decides what the page shows. Its hooks come from lib/stack: the page renders (on the server
 * too) before the wallet stack has loaded and restored the operator's connection.
 */
export function ManageGate() {
  const { ready } = useWalletState();
  const { address, status } = useConnection();
  const roles = useQuery({
    queryKey: manageKeys.roles(address),
    queryFn: () => fetchRoles(address!),
    enabled: !!address,
    staleTime: 30_000,
  });
  const settling = status === "connecting" || status === "reconnecting";
  if (!ready || settling || (address && roles.isPending))
    return <Skeleton className="h-40 w-full" />;
  if (!address || !roles.data?.roles.length) return <NotFoundView />;
  return <ManageConsole address={address} roles={roles.data.roles} />;
}
