"use client";

import { fill, manage } from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { useConnection } from "wagmi";
import { primaryButton } from "@/components/ui/buttons";
import { useWalletSession } from "@/features/auth/useWalletSession";
import { useAppChain } from "@/lib/queries/hooks";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { ErrorText } from "./ui";

/**
 * On the 404 page of /manage only: a connected wallet holding an operator role (read on chain)
 * may sign in, then the page asks the server again. Every other visitor sees nothing here: the
 * page is the app's 404, unchanged.
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

function SignIn() {
  const { ensure } = useWalletSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      await ensure();
      // a full reload: the server answers /manage again, now with the session cookie (a soft
      // refresh keeps the not-found boundary of the same path)
      window.location.reload();
    } catch (e) {
      setError(fill(manage.signInFailed, { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="manage-offer"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="manage-offer" className="text-lg font-semibold text-slate-900">
        {manage.signInTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{manage.signInText}</p>
      <button
        type="button"
        className={`${primaryButton} mt-3`}
        disabled={busy}
        onClick={() => void signIn()}
      >
        {busy ? manage.signingIn : manage.signIn}
      </button>
      {error ? <ErrorText>{error}</ErrorText> : null}
    </section>
  );
}
