"use client";

import { primaryButton } from "@/components/ui/buttons";
import { features, fill } from "@lending/sdk";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import type { FeatureName } from "@/config/schema";

const copy = features.unreleased;

export interface UnreleasedFeatureModalProps {
  feature: FeatureName;
}

/** What an entry of a feature listed in FEATURE_UNRELEASED opens instead of the feature. */
export default function UnreleasedFeatureModal({
  feature,
  onClose,
}: RegistryModalProps<UnreleasedFeatureModalProps>) {
  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="space-y-5 text-slate-700" data-testid="unreleased-feature">
        <p>{fill(copy.text, { feature: copy.names[feature] })}</p>
        <div className="flex justify-end">
          <button type="button" onClick={onClose} className={primaryButton}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
