"use client";

import type { ComponentType } from "react";
import type { ModalName, ModalPropsByName, RegistryModalProps } from "./registry";

/**
 * Modals a visitor's page shows without the wallet stack (./ModalProvider shows them at once;
 * any other modal loads the stack first). A page registers its own, from the module that opens
 * it, so the modal's code comes in the page's chunk: /referrals/{address} registers the
 * referral-detected modal it opens on load (one request fewer in a visitor's first load than a
 * chunk of its own, issue 26 goal 1).
 */
type VisitorModals = {
  [N in ModalName]?: ComponentType<RegistryModalProps<ModalPropsByName[N]>>;
};

const registered: VisitorModals = {};

/**
 * Registers the visitor's form of the modal `name`: a component of that modal's props (the
 * registry's {@link ModalPropsByName}), so that registering another modal's fails to compile.
 */
export function registerVisitorModal<N extends ModalName>(
  name: N,
  component: ComponentType<RegistryModalProps<ModalPropsByName[N]>>,
): void {
  // (the same type: without the cast tsc gives up on the union of every modal's component)
  registered[name] = component as VisitorModals[N];
}

/** The visitor's form of a modal, when the page registered one. */
export function visitorModal<N extends ModalName>(name: N): VisitorModals[N] {
  return registered[name];
}

/** Forgets every registered modal (tests: a test's registration does not reach the next). */
export function resetVisitorModals(): void {
  for (const name of Object.keys(registered) as ModalName[]) delete registered[name];
}
