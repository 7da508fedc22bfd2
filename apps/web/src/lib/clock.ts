import { useSyncExternalStore } from "react";
import { CLOCK_TICK_MS } from "@lending/sdk";

/** One shared 1 s clock for every countdown on the page. */
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const subscribers = new Set<() => void>();

function subscribe(callback: () => void): () => void {
  subscribers.add(callback);
  if (subscribers.size === 1) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const s of subscribers) s();
    }, CLOCK_TICK_MS);
  }
  return () => {
    subscribers.delete(callback);
    if (subscribers.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
      now = 0; // never show a stale time to the next subscriber
    }
  };
}

const noSubscribe = () => () => {};
const getSnapshot = () => now;
const getServerSnapshot = () => 0;

/**
 * Wall-clock milliseconds, updated every second while `active`. 0 during server rendering (show
 * a skeleton then). Pass `active = false` to stop ticking (e.g. a countdown at zero).
 */
export function useNow(active = true): number {
  return useSyncExternalStore(active ? subscribe : noSubscribe, getSnapshot, getServerSnapshot);
}
