"use client";

import { useModal } from "./modalContext";
import { preloadModal, type ModalName } from "./registry";

/**
 * A button that opens a modal by name, its code preloaded on hover or focus; what it opens and
 * its words are decided by the caller, on the server for a server-rendered page (issue 26: the
 * pool cards' repayments button carries no catalog and no feature-flag hook).
 */
export function OpenModalButton({
  modal,
  props,
  label,
  ariaLabel,
  className,
  testId,
}: {
  modal: ModalName;
  /** the modal's props (as `open(name, props)` takes them) */
  props?: object;
  label: string;
  ariaLabel?: string;
  className?: string;
  testId?: string;
}) {
  const { open } = useModal();
  return (
    <button
      type="button"
      onMouseEnter={() => preloadModal(modal)}
      onFocus={() => preloadModal(modal)}
      onClick={() => (open as (name: ModalName, props?: object) => void)(modal, props)}
      aria-label={ariaLabel}
      className={className}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
