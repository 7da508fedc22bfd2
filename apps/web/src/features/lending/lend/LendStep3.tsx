"use client";

import { lend } from "@lending/sdk";
import { TxDone } from "@/components/tx/TxDone";

/** Step 3: the deposit request was sent. */
export function LendStep3({ hash, onClose }: { hash: string; onClose: () => void }) {
  return (
    <TxDone testId="lend" copy={lend.done} text={lend.done.text} hash={hash} onClose={onClose} />
  );
}
