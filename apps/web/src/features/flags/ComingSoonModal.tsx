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
 */
export default function ComingSoonModal({ onClose }: RegistryModalProps) {
  const { productSymbol: product } = usePublicConfig();
  const pathname = usePathname();
  const router = useRouter();
  useEffect(() => {
    if (pathname !== "/locking") onClose();
  }, [pathname, onClose]);
  return (
    <Modal title={copy.title} onClose={onClose} blurBackdrop>
      <div className="space-y-5 text-slate-700" data-testid="coming-soon">
        <p>{fill(copy.text, { product })}</p>
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => {
              onClose();
              router.push("/lending");
            }}
            className={primaryButton}
          >
            {copy.back}
          </button>
        </div>
      </div>
    </Modal>
  );
}
