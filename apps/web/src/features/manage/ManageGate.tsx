"use client";

import { useQuery } from "@tanstack/react-query";
import { useConnection } from "wagmi";
import { NotFoundView } from "@/components/layout/NotFoundView";
import { Skeleton } from "@/components/ui/Skeleton";
import { fetchRoles, manageKeys } from "./api";
import { ManageConsole } from "./ManageConsole";

/**
 * Shows the console only to a connected wallet holding an operator role on chain (read at the
 * latest block); every other visitor, and a visitor with no wallet, sees the app's 404. The
 * server checks the role again on every call (services/manage/operator.ts): this gate only
 * decides what the page shows.
 */
export function ManageGate() {
  const { address, status } = useConnection();
  const roles = useQuery({
    queryKey: manageKeys.roles(address),
    queryFn: () => fetchRoles(address!),
    enabled: !!address,
    staleTime: 30_000,
  });
  const settling = status === "connecting" || status === "reconnecting";
  if (settling || (address && roles.isPending)) return <Skeleton className="h-40 w-full" />;
  if (!address || !roles.data?.roles.length) return <NotFoundView />;
  return <ManageConsole address={address} roles={roles.data.roles} />;
}
