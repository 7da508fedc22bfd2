"use client";

import { devPanel, fill, formatDateTime, shortenAddress } from "@lending/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import { showToast } from "@/components/toast/toast";
import { apiPost } from "@/lib/apiWrite";
import { usePools } from "@/lib/queries/hooks";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { PlayDefault } from "./PlayDefault";

type Action = "clearing" | "next-epoch" | "fund" | "default";

type DefaultAnswer = {
  steps: { action: string; hash: string }[];
  mail: { lenders: number; mailed: number } | { error: string };
};

/** The keeper polls about every second: refresh again after it had time to clear and settle. */
const FOLLOW_UP_REFRESH_MS = [1500, 4000];

/**
 * The local chain's demo controls: move the chain's clock to the next clearing period or epoch,
 * fund the active wallet. Each action calls /api/dev/<action> (404 off chain 31337), then
 * refreshes every query so the new epoch, clearing results and balances show.
 */
export default function DevPanel({ onClose }: { onClose: () => void }) {
  const { address } = useConnection();
  const { productSymbol } = usePublicConfig();
  const queryClient = useQueryClient();
  const { data: pools } = usePools();
  const [busy, setBusy] = useState<Action | undefined>();
  const [status, setStatus] = useState("");
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const refresh = () => {
    void queryClient.invalidateQueries();
    for (const ms of FOLLOW_UP_REFRESH_MS) {
      timers.current.push(setTimeout(() => void queryClient.invalidateQueries(), ms));
    }
  };

  async function run(action: Action, play?: { poolId: string; amount: string; pool: string }) {
    setBusy(action);
    setStatus(devPanel.working);
    try {
      if (action === "default" && play) {
        const { steps, mail } = await apiPost<DefaultAnswer>(`/api/dev/default`, {
          poolId: play.poolId,
          amount: play.amount,
        });
        const common = { amount: play.amount, pool: play.pool, count: steps.length };
        setStatus(
          "error" in mail
            ? fill(devPanel.defaultedMailFailed, { ...common, error: mail.error })
            : fill(devPanel.defaulted, { ...common, mailed: mail.mailed }),
        );
      } else if (action === "fund") {
        if (!address) return;
        await apiPost(`/api/dev/fund`, { address });
        setStatus(
          fill(devPanel.funded, { product: productSymbol, address: shortenAddress(address) }),
        );
      } else {
        const { chainTime } = await apiPost<{ chainTime: number }>(`/api/dev/${action}`, {});
        setStatus(fill(devPanel.moved, { time: formatDateTime(new Date(chainTime * 1000)) }));
      }
      refresh();
    } catch (error) {
      setStatus("");
      void showToast({
        type: "error",
        title: devPanel.failed,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(undefined);
    }
  }

  const button =
    "w-full rounded-lg border border-slate-300 bg-white px-4 py-2 text-left text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60";

  return (
    <Modal title={devPanel.title} onClose={onClose} description={devPanel.description}>
      <div className="flex flex-col gap-3" data-testid="dev-panel">
        <button
          type="button"
          className={button}
          disabled={busy !== undefined}
          onClick={() => void run("clearing")}
        >
          {devPanel.toClearing}
        </button>
        <button
          type="button"
          className={button}
          disabled={busy !== undefined}
          onClick={() => void run("next-epoch")}
        >
          {devPanel.toNextEpoch}
        </button>
        <button
          type="button"
          className={button}
          disabled={busy !== undefined || !address}
          onClick={() => void run("fund")}
        >
          <span className="block">{devPanel.fund}</span>
          <span className="block text-xs font-normal text-slate-600">
            {address ? fill(devPanel.fundHint, { product: productSymbol }) : devPanel.connectFirst}
          </span>
        </button>
        <PlayDefault
          disabled={busy !== undefined}
          onPlay={(poolId, amount) =>
            run("default", {
              poolId,
              amount,
              pool: pools?.find((p) => p.id.toString() === poolId)?.poolName ?? poolId,
            })
          }
        />
        <p
          role="status"
          aria-live="polite"
          data-testid="dev-panel-status"
          className="min-h-5 text-sm text-slate-700 break-words"
        >
          {status}
        </p>
      </div>
    </Modal>
  );
}
