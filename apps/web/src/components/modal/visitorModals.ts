"use client";

import type { ComponentType } from "react";
import type { ModalName, RegistryModalProps } from "./registry";

/**
 * Modals a visitor's page shows without the wallet stack (./ModalProvider shows them at once;
 * any other modal loads the stack first). A page registers its own, from the module that opens
 * it, so the modal's code comes in the page's chunk: /referrals/{address} registers the
 * referral-detected modal it opens on load (one request fewer in a visitor's first load than a
 * chunk of its own, issue 26 goal 1).
 */
const registered: Partial<Record<ModalName, ComponentType<RegistryModalProps>>> = {};

export function registerVisitorModal<P extends object>(
  name: ModalName,
  component: ComponentType<P & { onClose: () => void }>,
): void {
  registered[name] = component as unknown as ComponentType<RegistryModalProps>;
}

/** The visitor's form of a modal, when the page registered one. */
export function visitorModal(name: ModalName): ComponentType<RegistryModalProps> | undefined {
  return registered[name];
}
