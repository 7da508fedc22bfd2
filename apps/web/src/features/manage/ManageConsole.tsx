"use client";

import { fill, manage } from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PageHeader } from "@/components/layout/Page";
import { getWalletSession } from "@/features/auth/walletSession";
import { useWalletSession } from "@/features/auth/useWalletSession";
import { fetchHealth, manageKeys, type OperatorRole } from "./api";
import { AuditTrail } from "./AuditTrail";
import { CapitalPanel } from "./CapitalPanel";
import { HealthPanel } from "./HealthPanel";
import { IncidentProcedure } from "./IncidentProcedure";
import { KycQueue } from "./KycQueue";
import { LendersPanel } from "./LendersPanel";
import { LoanTickets } from "./LoanTickets";
import { CreatePool } from "./CreatePool";
import { SettingsPanel } from "./SettingsPanel";
import { SignInCard } from "./SignInCard";

/** The console of a wallet holding an operator role: sign in once, then every section. */
export function ManageConsole({ address, roles }: { address: string; roles: OperatorRole[] }) {
  const { ensure } = useWalletSession();
  // the address whose session is open (a wallet switch needs a new sign-in)
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  const signedIn = signedInAs === address.toLowerCase();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void getWalletSession()
      .then((s) => {
        if (live && s?.address === address.toLowerCase()) setSignedInAs(s.address);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [address]);

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const session = await ensure();
      setSignedInAs(session.address);
    } catch (e) {
      setError(fill(manage.signInFailed, { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={manage.title} lead={manage.lead} />
      <p className="-mt-6 mb-6 text-sm break-words text-slate-600">
        {fill(manage.roles, { roles: roles.join(", ") })}
      </p>
      {signedIn ? (
        <ConsoleSections roles={roles} />
      ) : (
        <SignInCard id="manage-sign-in" busy={busy} error={error} onSignIn={() => void signIn()} />
      )}
    </>
  );
}

function ConsoleSections({ roles }: { roles: OperatorRole[] }) {
  const health = useQuery({
    queryKey: manageKeys.health(),
    queryFn: fetchHealth,
    refetchInterval: 15_000,
  });
  const canReview = roles.includes("DEFAULT_ADMIN_ROLE") || roles.includes("POOL_MANAGER_ROLE");
  const canManage = roles.includes("POOL_MANAGER_ROLE");
  return (
    <div className="flex flex-col gap-6">
      <HealthPanel health={health} />
      {canReview ? <KycQueue /> : null}
      {canManage && health.data ? <CapitalPanel pools={health.data.pools} /> : null}
      {canManage && health.data ? <IncidentProcedure pools={health.data.pools} /> : null}
      {canManage && health.data ? <LendersPanel pools={health.data.pools} /> : null}
      {canManage && health.data ? <LoanTickets pools={health.data.pools} /> : null}
      {canManage ? <CreatePool /> : null}
      {canManage ? <SettingsPanel /> : null}
      <AuditTrail />
    </div>
  );
}
