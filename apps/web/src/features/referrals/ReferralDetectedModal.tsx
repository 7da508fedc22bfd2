"use client";

import { referral, referralErrorText, tx as txCopy } from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import { showToast } from "@/components/toast/toast";
import { ApiError } from "@/lib/api";
import { useAppChain } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";
import { signOrDecline } from "@/lib/tx/signMessage";
import { ReferralDetectedView } from "./ReferralDetectedView";
import { REFERRER_KEY } from "./storage";

const copy = referral.detected;

export interface ReferralDetectedModalProps {
  referrer: string;
  /**
   * The visitor pressed Connect Wallet in the modal before the wallet stack had loaded
   * (./ReferralDetectedVisitor): the connect modal opens over this one once it is open (two
   * dialogs mounted at once would each hide the other from assistive technology).
   */
  connectFirst?: boolean;
}

/**
 * Referral detected (registry name "referralDetected"), opened by a /referrals/{address} link:
 * confirming needs a connected wallet (else a connect prompt), then signs the message of GET
 * /api/referral and posts it. The spec's texts on refusal; 'Referral Code Applied' on success.
 */
export default function ReferralDetectedModal({
  referrer,
  connectFirst = false,
  onClose,
}: RegistryModalProps<ReferralDetectedModalProps>) {
  const { address, status } = useConnection();
  const config = useConfig();
  const { chainId } = useAppChain();
  const { push } = useModal();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (connectFirst && status !== "connected") push("connectWallet");
    // once, when the modal opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [error, setError] = useState<string | null>(null);

  async function apply() {
    if (!address) return;
    setBusy(true);
    setError(null);
    try {
      const api = await import("./api");
      const message = await api.fetchReferralMessage(chainId, address, referrer);
      const signature = await signOrDecline(config, message, copy.unable);
      if (!signature) return;
      await api.applyReferral(chainId, address, referrer, signature);
      localStorage.removeItem(REFERRER_KEY);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user(chainId, address) });
      void showToast({ type: "success", title: referral.applied });
      onClose();
    } catch (e) {
      const text =
        e instanceof ApiError
          ? referralErrorText(e.error ?? e.message)
          : e instanceof Error
            ? e.message
            : txCopy.unexpectedError;
      setError(text);
      void showToast({ type: "error", title: copy.errorTitle, message: text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={copy.title} onClose={onClose}>
      <ReferralDetectedView
        referrer={referrer}
        connected={status === "connected"}
        busy={busy}
        error={error}
        onApply={() => void apply()}
        onConnect={() => push("connectWallet")}
        onClose={onClose}
      />
    </Modal>
  );
}
