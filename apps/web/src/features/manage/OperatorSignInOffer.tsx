"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useAppChain } from "@/lib/queries/hooks";
import { useConnection, useQuery } from "@/lib/stack";
import { usePublicConfig } from "@/providers/PublicConfigContext";

/** The sign-in (the wallet session's code): loaded only for a wallet holding a role. */
const SignIn = dynamic(() => import("./OperatorSignIn").then((m) => m.OperatorSignIn), {
  ssr: false,
});

/**
 * On the 404 page of /manage only: a connected wallet holding an operator role (read on chain)
 * may sign in, then the page asks the server again. Every other visitor sees nothing here: the
 * page is the app's 404, unchanged. Every 404 renders it: the wallet stack's hooks come from
 * lib/stack (a visitor's 404 renders without the stack).
 */
export function OperatorSignInOffer() {
  const pathname = usePathname();
  const { address } = useConnection();
  const { client } = useAppChain();
  const { chainId } = usePublicConfig();
  const onManage = pathname === "/manage";
  const roles = useQuery({
    queryKey: ["manage", "offer", chainId, address ?? ""],
    enabled: onManage && !!address && !!client,
    staleTime: 30_000,
    queryFn: async () => {
      const [{ getDeployment }, { readOperatorRoles }] = await Promise.all([
        import("@lending/sdk/deployments"),
        import("./chainRoles"),
      ]);
      return readOperatorRoles(client!, getDeployment(chainId), address!);
    },
  });
  if (!onManage || !roles.data?.length) return null;
  return <SignIn />;
}
