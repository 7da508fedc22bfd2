"use client";

import { primaryButton } from "@/components/ui/buttons";
import { fill, rewards } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { usePublicConfig } from "@/providers/PublicConfigContext";

const copy = rewards.nft;

/**
 * NFT detected (registry name "nftDetected"): the connected wallet holds a token of the partner
 * collection. A blurred backdrop a click does not close; links to the rewards page.
 */
export default function NftDetectedModal({ onClose }: RegistryModalProps) {
  const { productSymbol: product } = usePublicConfig();
  return (
    <Modal title={copy.title} onClose={onClose} blurBackdrop>
      <div className="space-y-5 text-slate-700" data-testid="nft-detected">
        <p>{fill(copy.text, { product })}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <AppLink
            href="/portfolio/bonus-and-rewards"
            onClick={onClose}
            className="inline-flex min-h-6 items-center font-semibold text-emerald-800 underline"
          >
            {copy.link}
          </AppLink>
          <button type="button" onClick={onClose} className={primaryButton}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
