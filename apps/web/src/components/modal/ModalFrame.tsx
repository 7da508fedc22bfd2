"use client";

import { common } from "@lending/sdk";
import {
  createContext,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ComponentPropsWithRef,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { SIZE_CLASS, type ModalSize } from "./modalClasses";

const noSubscription = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/** True in the browser once hydrated (a hydrating render is the server's: false). */
export const useInBrowser = () => useSyncExternalStore(noSubscription, isBrowser, isServer);

/**
 * What makes the frame's own elements a real dialog (./Modal adds to each its behaviour and
 * attributes, no element). Without them the frame is the modal's loading state, which the
 * first-load bundle (ModalProvider) can show.
 */
export interface ModalFrameDialog {
  backdrop: (element: ReactElement) => ReactElement;
  panel: (element: ReactElement) => ReactElement;
  title: (element: ReactElement) => ReactElement;
  close: (element: ReactElement) => ReactElement;
}

export interface ModalFrameProps {
  title: ReactNode;
  onClose: () => void;
  size?: ModalSize;
  /** the blurred dark backdrop (./Modal's `blurBackdrop`) */
  blurBackdrop?: boolean;
  /** the dialog's parts; none: the loading state (the title and "Loading…", not a dialog yet) */
  dialog?: ModalFrameDialog;
  /** the body (the loading state has its own) */
  children?: ReactNode;
}

/**
 * The frame of every modal, in one place: the backdrop, the panel in its size, the title bar with
 * the close button, then the body. ./Modal renders it as a dialog; without `dialog` it is the
 * modal's loading state (the title and "Loading…", see {@link ModalLoading}).
 */
export function ModalFrame({
  title,
  onClose,
  size = "default",
  blurBackdrop = false,
  dialog,
  children,
}: ModalFrameProps) {
  const loading = !dialog;
  const part = (name: keyof ModalFrameDialog, element: ReactElement) =>
    dialog ? dialog[name](element) : element;
  const Title = loading ? "p" : "h2";
  return (
    <>
      {part(
        "backdrop",
        <div
          data-blur={blurBackdrop || undefined}
          onClick={loading ? onClose : undefined}
          className={`fixed inset-0 z-40 ${blurBackdrop ? "bg-black/70 backdrop-blur-sm" : "bg-slate-950/50"}`}
        />,
      )}
      {part(
        "panel",
        <div
          data-size={size}
          data-modal-loading={loading || undefined}
          aria-busy={loading || undefined}
          className={`fixed z-50 flex flex-col overflow-hidden bg-white shadow-2xl focus:outline-none ${SIZE_CLASS[size]}`}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
            {part("title", <Title className="text-lg font-semibold text-slate-900">{title}</Title>)}
            {part("close", <ModalCloseButton onClick={loading ? onClose : undefined} />)}
          </div>
          {loading ? (
            <p role="status" className="px-6 py-5 text-sm text-slate-600">
              {common.modalLoading}
            </p>
          ) : (
            children
          )}
        </div>,
      )}
    </>
  );
}

/** The title bar's close button (./VisitorDialog's too). */
export function ModalCloseButton(props: ComponentPropsWithRef<"button">) {
  return (
    <button
      type="button"
      aria-label={common.close}
      className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      {...props}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M6 6l12 12M18 6L6 18"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

/** The modal a loading state stands in for: its title and how to close it. */
export interface ModalLoadingValue {
  title: string;
  onClose: () => void;
}

/** Set by the ModalProvider around each modal that has a loading state (its LOADING_TITLES). */
export const ModalLoadingContext = createContext<ModalLoadingValue | null>(null);

/**
 * A modal's loading state, shown in the frame of the click while its code loads (the wallet stack
 * on a visitor's page, the modal's own chunk on first open): {@link ModalFrame} with the title
 * from {@link ModalLoadingContext} and "Loading…", so the tap is answered in the next frame (issue
 * 26 goal 3: at most 300 ms to first paint on a throttled phone). It is not a dialog yet: the
 * focus stays where it was (the real dialog, which replaces it, takes it and gives it back on
 * close); Escape, the close button or the backdrop closes. A component without props: next/dynamic
 * renders it as the registry's `loading`.
 */
export function ModalLoading() {
  const value = useContext(ModalLoadingContext);
  const onClose = value?.onClose;
  useEffect(() => {
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  const inBrowser = useInBrowser();
  if (!value || !inBrowser) return null;
  // in a layer of its own at the end of <body>, as a dialog is: over an open dialog (a modal
  // opened from it), it stays reachable (./modalStack) and its close button closes it
  return createPortal(
    <div data-modal-loading-layer="">
      <ModalFrame title={value.title} onClose={value.onClose} />
    </div>,
    document.body,
  );
}
