"use client";

import { loadTx } from "@/lib/stack/chunks";
import {
  buildKycChallengeMessage,
  fill,
  kyc,
  KYC_SUCCESS_COUNTDOWN_S,
  plural,
  tx,
} from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useConfig, useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { dismissToast, showToast } from "@/components/toast/toast";
import { apiGet } from "@/lib/api";
import { apiPost } from "@/lib/apiWrite";
import { isUserRejection } from "@/lib/errors";
import { queryKeys } from "@/lib/queries/keys";
import type { KycInfo } from "@/lib/queries/server";
import { logClientError } from "@/lib/tx/pipeline";
import { isKycCompleted } from "@/server/services/kyc/types";
import { Template } from "@/components/ui/Template";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { takeKycCallback } from "./kycCallback";
import { recordKycInfo } from "./kycState";

const POLL_MS = 2000;
/** Signed-message timestamps are milliseconds (spec section 9). */
const nowMs = () => Date.now();
const WAIT_TOAST = "kyc-wait";
const SUCCESS_TOAST = "kyc-success";
const toasts = kyc.toasts;

/** The KYC modal (registry "kyc", spec section 2 and the KYC widget flow of section 4). */
export default function KycModal({ onClose }: RegistryModalProps) {
  const config = useConfig();
  const { chainId } = usePublicConfig();
  const queryClient = useQueryClient();
  const { address } = useConnection();
  const ids = useId();
  const [isIndividual, setIsIndividual] = useState(true);
  const [busy, setBusy] = useState(false);
  const [widgetUrl, setWidgetUrl] = useState<string | null>(null);
  const stop = useRef<() => void>(() => {});
  useEffect(() => () => stop.current(), []);

  function complete(info: KycInfo) {
    queryClient.setQueryData(queryKeys.kyc(info.address), info);
    recordKycInfo(info);
    let left = KYC_SUCCESS_COUNTDOWN_S;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(timer);
      void dismissToast(SUCCESS_TOAST);
      onClose();
      takeKycCallback()?.();
    };
    const toast = () =>
      showToast({
        id: SUCCESS_TOAST,
        type: "success",
        title: toasts.verifiedTitle,
        message: fill(plural(toasts.continuingIn, left), { seconds: left }),
        duration: Infinity,
        onClose: finish,
      });
    const timer = setInterval(() => {
      left -= 1;
      if (left <= 0) finish();
      else void toast();
    }, 1000);
    void toast();
  }

  async function authorise() {
    if (!address) return;
    setBusy(true);
    void showToast({
      id: WAIT_TOAST,
      type: "info",
      title: toasts.waitingSignatureTitle,
      message: toasts.waitingSignature,
      closable: false,
      duration: Infinity,
    });
    const timestamp = nowMs();
    let widget: { widgetUrl: string };
    try {
      const { signMessage } = await loadTx();
      const signature = await signMessage(config, {
        message: buildKycChallengeMessage({ address, isIndividual, timestamp, chainId }),
      });
      widget = await apiPost("/api/kyc-challenge", { address, signature, timestamp, isIndividual });
    } catch (error) {
      await dismissToast(WAIT_TOAST);
      setBusy(false);
      if (isUserRejection(error)) {
        void showToast({
          type: "error",
          title: toasts.authorisationError,
          message: toasts.signatureDeclined,
        });
      } else {
        const message = error instanceof Error ? error.message : tx.unexpectedError;
        void showToast({ type: "error", title: toasts.authorisationError, message });
        await logClientError(error, { address, title: toasts.authorisationError, message });
      }
      return;
    }
    const win = window.open(widget.widgetUrl, "_blank");
    setWidgetUrl(widget.widgetUrl);
    void showToast({
      id: WAIT_TOAST,
      type: "info",
      title: toasts.waitingProviderTitle,
      message: toasts.waitingProvider,
      closable: false,
      duration: Infinity,
    });
    watch(address, win);
  }

  /** Polls the status; decides when it completes or when the widget window closes. */
  function watch(user: string, win: Window | null) {
    let active = true;
    stop.current = () => {
      active = false;
    };
    const tick = async () => {
      if (!active) return;
      const closed = win !== null && win.closed;
      let info: KycInfo | null = null;
      try {
        info = await apiGet<KycInfo>(`/api/kyc?userAddress=${user}`);
      } catch {
        // try again on the next tick
      }
      if (!active) return;
      if (info && isKycCompleted(info.status)) {
        active = false;
        await dismissToast(WAIT_TOAST);
        complete(info);
        return;
      }
      if (closed && info) {
        active = false;
        await dismissToast(WAIT_TOAST);
        setBusy(false);
        setWidgetUrl(null);
        if (info.status === "To be reviewed") {
          void showToast({
            type: "warning",
            title: toasts.underReview,
          });
          onClose();
        } else {
          void showToast({
            type: "warning",
            title: toasts.notCompleted,
          });
        }
        return;
      }
      setTimeout(() => void tick(), POLL_MS);
    };
    setTimeout(() => void tick(), POLL_MS);
  }

  return (
    <Modal
      title={kyc.title}
      onClose={() => {
        stop.current();
        void dismissToast(WAIT_TOAST);
        onClose();
      }}
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>{kyc.intro}</p>
        <fieldset>
          <legend className="font-semibold text-slate-900">{kyc.verifyingAs}</legend>
          <div className="mt-2 flex gap-6">
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${ids}-entity`}
                checked={isIndividual}
                disabled={busy}
                onChange={() => setIsIndividual(true)}
              />
              {kyc.individual}
            </label>
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${ids}-entity`}
                checked={!isIndividual}
                disabled={busy}
                onChange={() => setIsIndividual(false)}
              />
              {kyc.business}
            </label>
          </div>
        </fieldset>
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        >
          {kyc.doNotClose}
        </p>
        {widgetUrl ? (
          <p>
            <Template
              text={kyc.windowDidNotOpen}
              values={{
                link: (
                  <a
                    className="underline"
                    href={widgetUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {kyc.openPage}
                  </a>
                ),
              }}
            />
          </p>
        ) : null}
        <div className="flex justify-end">
          <button
            type="button"
            disabled={busy || !address}
            onClick={() => void authorise()}
            className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            {kyc.authorise}
          </button>
        </div>
      </div>
    </Modal>
  );
}
