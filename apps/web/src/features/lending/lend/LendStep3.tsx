"use client";

import { fill, lend } from "@lending/sdk";
import { TxDone } from "@/components/tx/TxDone";
import { useRequestClearingDate } from "@/lib/queries/useRequestClearingDate";

/** Step 3: the deposit request was sent; it says the date of the clearing that processes it. */
export function LendStep3({ hash, onClose }: { hash: string; onClose: () => void }) {
  const date = useRequestClearingDate();
  const text = date ? fill(lend.done.text, { date }) : lend.done.textNoDate;
  return <TxDone testId="lend" copy={lend.done} text={text} hash={hash} onClose={onClose} />;
}
