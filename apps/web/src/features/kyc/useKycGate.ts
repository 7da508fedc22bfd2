"use client";

import { useConnection, useQueryClient } from "@/lib/stack";
import { useCallback, useState } from "react";
import { useModal } from "@/components/modal/modalContext";
import { kycQueryOptions } from "@/lib/queries/server";
import { isKycCompleted } from "@/server/services/kyc/types";
import { setKycCallback } from "./kycCallback";

/**
 * The lend flow's KYC gate for any action that relies on KYC (spec section 6): no wallet opens
 * the connect modal; KYC status Active or No Email runs `proceed`; otherwise the KYC modal opens
 * first, with `proceed` as its callback. A status already known to be completed (the check on
 * connect, useKycConnectCheck, or an earlier click) runs `proceed` at once, with no round trip
 * before the modal (issue 26 goal 3); any other is asked of the server on the click.
 */
export function useKycGate(): { checking: boolean; run: (proceed: () => void) => Promise<void> } {
  const { open } = useModal();
  const { status, address } = useConnection();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const run = useCallback(
    async (proceed: () => void) => {
      if (status !== "connected" || !address) {
        open("connectWallet");
        return;
      }
      const known = queryClient.getQueryData(kycQueryOptions(address).queryKey);
      if (known && isKycCompleted(known.status)) {
        proceed();
        return;
      }
      setChecking(true);
      try {
        const info = await queryClient.fetchQuery(kycQueryOptions(address));
        if (isKycCompleted(info.status)) {
          proceed();
        } else {
          setKycCallback(proceed);
          open("kyc");
        }
      } catch (error) {
        // the toast's code (and the tx copy) loads with the first toast, not with every page's
        // Lend buttons
        void import("./kycStatusToast").then((m) => m.showKycStatusUnavailable(error));
      } finally {
        setChecking(false);
      }
    },
    [status, address, open, queryClient],
  );
  return { checking, run };
}
