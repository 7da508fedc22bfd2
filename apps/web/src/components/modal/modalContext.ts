"use client";

import { createContext, useContext } from "react";
import type { ModalName, ModalPropsByName } from "./registry";

/** The props argument: optional for modals opened without props. */
export type PropsArg<N extends ModalName> = object extends ModalPropsByName[N]
  ? [props?: ModalPropsByName[N]]
  : [props: ModalPropsByName[N]];

export interface ModalApi {
  /** Opens a modal by name in place of any open one (its code loads on first open). */
  open: <N extends ModalName>(name: N, ...props: PropsArg<N>) => void;
  /**
   * Opens a modal over the current one, which stays mounted with its state (e.g. lend); a modal
   * without props that is already on top is not opened twice.
   */
  push: <N extends ModalName>(name: N, ...props: PropsArg<N>) => void;
  /** Closes the top modal. */
  close: () => void;
  /** Closes every open modal with this name (e.g. an expired loan contract). */
  dismiss: (name: ModalName) => void;
  /** Closes every open modal (a link that leaves the page's modals behind). */
  closeAll: () => void;
  /** The top modal's name. */
  current: ModalName | null;
}

export const ModalContext = createContext<ModalApi | null>(null);

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModal must be used inside <ModalProvider>");
  return api;
}
