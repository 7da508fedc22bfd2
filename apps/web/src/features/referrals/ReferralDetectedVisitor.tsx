"use client";

import { referralDetected } from "@lending/sdk";
import { VisitorDialog } from "@/components/modal/VisitorDialog";
import { requestStack } from "@/lib/stack/store";
import { ReferralDetectedView } from "./ReferralDetectedView";
import type { ReferralDetectedModalProps } from "./ReferralDetectedModal";

/**
 * The referral-detected modal on a visitor's page (/referrals/{address} opens it on load): the
 * same modal without the wallet stack. Connect Wallet loads the stack; the modal opens there and
 * opens the connect modal over itself.
 */
export default function ReferralDetectedVisitor({
  referrer,
  onClose,
}: ReferralDetectedModalProps & { onClose: () => void }) {
  return (
    <VisitorDialog title={referralDetected.title} onClose={onClose}>
      <ReferralDetectedView
        referrer={referrer}
        connected={false}
        busy={false}
        error={null}
        onApply={() => {}}
        onConnect={() =>
          requestStack({
            modal: {
              method: "open",
              name: "referralDetected",
              props: { referrer, connectFirst: true },
            },
          })
        }
        onClose={onClose}
      />
    </VisitorDialog>
  );
}
