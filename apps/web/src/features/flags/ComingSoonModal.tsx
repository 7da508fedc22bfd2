"use client";

import { primaryButton } from "@/components/ui/buttons";
import { features, fill } from "@lending/sdk";
import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { usePublicConfig } from "@/providers/PublicConfigContext";

const copy = features.comingSoon;

/**
 * The work-in-progress redirect (registry name "comingSoon"; FEATURE_TOKEN_LAUNCH off): a blurred
 * backdrop a click does not close; Go Back returns to /lending; it closes itself off /locking.
 * Closing it any other way (its close button, Escape) also returns to /lending: /locking has
 * nothing to show while the launch is off, and a closed modal would leave a blank page.
 */
export default function ComingSoonModal({ onClose }: RegistryModalProps) {
  const { productSymbol: product } = usePublicConfig();
  const pathname = usePathname();
  const router = useRouter();
  useEffect(() => {
    if (pathname !== "/locking") onClose();
  }, [pathname, onClose]);
  const leave = () => {
    onClose();
    router.push("/lending");
  };
  return (
    <Modal title={copy.title} onClose={leave} blurBackdrop>
      <div className="space-y-5 text-slate-700" data-testid="coming-soon">
        <p>{fill(copy.text, { product })}</p>
        <div className="flex justify-end">
          <button type="button" onClick={leave} className={primaryButton}>
            {copy.back}
          </button>
        </div>
      </div>
    </Modal>
  );
}
