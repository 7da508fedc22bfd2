"use client";

import {
  common,
  countdownParts,
  dateTimeParts,
  fill,
  formatCountdown,
  type EpochTimes,
} from "@lending/sdk";
import { useEffect, useRef } from "react";
import { Skeleton } from "@/components/ui/Skeleton";
import { Template } from "@/components/ui/Template";
import { useNow } from "@/lib/clock";
import { useEpochTimes } from "@/lib/queries/epochTimes";
import type { InitialData } from "@/lib/queries/chain";

const copy = common.clearing;

export interface ClearingBannerViewProps {
  /** unix seconds of the next clearing period start; undefined while loading */
  startsAt: number | undefined;
  failed?: boolean;
  /** called once when the countdown reaches zero for a given start */
  onReached?: () => void;
}

/** "Next clearing period starts on DD.MM.YYYY at HH:mm:ss UTC+hh:mm" and a 1 s countdown. */
export function ClearingBannerView({ startsAt, failed, onReached }: ClearingBannerViewProps) {
  const targetMs = startsAt === undefined ? undefined : startsAt * 1000;
  const now = useNow(targetMs !== undefined);
  const parts = targetMs !== undefined && now > 0 ? countdownParts(targetMs, now) : undefined;
  const reachedFor = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (parts?.done && targetMs !== undefined && reachedFor.current !== targetMs) {
      reachedFor.current = targetMs;
      onReached?.();
    }
  }, [parts?.done, targetMs, onReached]);

  const when = targetMs === undefined || now === 0 ? undefined : dateTimeParts(new Date(targetMs));

  return (
    <div
      data-testid="clearing-banner"
      className="border-b border-emerald-900/10 bg-emerald-950 text-emerald-50"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-0.5 px-4 py-1 text-xs sm:py-2 sm:text-sm sm:px-6">
        {failed && !when ? (
          <span className="text-emerald-200">{copy.unavailable}</span>
        ) : (
          <>
            <span>
              <Template
                text={copy.startsOn}
                values={{
                  date: when ? (
                    <strong data-testid="clearing-date" className="font-semibold tabular-nums">
                      {fill(copy.dateTime, when)}
                    </strong>
                  ) : (
                    <Skeleton className="h-4 w-40 bg-emerald-800/70" />
                  ),
                }}
              />
            </span>
            <span className="ml-auto flex items-center gap-2">
              <span className="text-emerald-300">{copy.startsIn}</span>
              {parts ? (
                <span
                  data-testid="clearing-countdown"
                  className="rounded-md bg-emerald-900 px-2 sm:py-0.5 font-mono tabular-nums"
                >
                  {formatCountdown(parts)}
                </span>
              ) : (
                <Skeleton className="h-4 w-28 bg-emerald-800/70 sm:h-6" />
              )}
            </span>
          </>
        )}
      </div>
    </div>
  );
}

export function ClearingBanner({ initial }: { initial?: InitialData<EpochTimes> }) {
  const { data, isError, refetch } = useEpochTimes(initial);
  return (
    <ClearingBannerView
      startsAt={data?.nextClearingPeriodStart}
      failed={isError}
      onReached={() => void refetch()}
    />
  );
}
