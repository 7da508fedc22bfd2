/**
 * Toasts (spec: success, info, warning or error; title, message, closable, transaction link,
 * optional action, close callback). sonner loads on the first toast, not with the page.
 */
import { common } from "@lending/sdk";
import type { ExternalToast } from "sonner";
import { requestToaster, toasterReady as ready, toasterStore } from "./toasterStore";

export { toasterStore };

export type ToastType = "success" | "info" | "warning" | "error";

export interface ToastOptions {
  type: ToastType;
  title: string;
  message?: string;
  /** default true */
  closable?: boolean;
  /** e.g. a "View transaction" link to the block explorer */
  link?: { href: string; label: string };
  /**
   * A transaction: linked to `explorerUrl` (the current chain's block explorer) when there is one,
   * otherwise the hash itself is shown (local chain).
   */
  txHash?: { hash: string; explorerUrl?: string };
  action?: { label: string; onClick: () => void };
  onClose?: () => void;
  /** reuse an id to replace a toast */
  id?: string | number;
  /** ms; Infinity keeps it until closed */
  duration?: number;
}

/** The link (or plain hash) a `txHash` toast shows. */
export function txHashLink(tx: { hash: string; explorerUrl?: string }): {
  href?: string;
  label: string;
} {
  if (tx.explorerUrl) {
    return {
      href: `${tx.explorerUrl.replace(/\/$/, "")}/tx/${tx.hash}`,
      label: common.viewTransaction,
    };
  }
  return { label: tx.hash };
}

/**
 * Toasts being shown (sonner and the toaster load on the first one): a dismissal waits for them,
 * or a toast shown after its own dismissal (a transaction mined before sonner loaded) would stay.
 */
const pending = new Set<{ id?: string | number; done: Promise<unknown> }>();

export function showToast(o: ToastOptions): Promise<string | number> {
  const done = show(o);
  const entry = { id: o.id, done };
  pending.add(entry);
  void done.catch(() => undefined).finally(() => pending.delete(entry));
  return done;
}

async function show(o: ToastOptions): Promise<string | number> {
  requestToaster();
  const [{ toast }] = await Promise.all([import("sonner"), ready]);
  const data: ExternalToast = {
    id: o.id,
    description: o.link || o.txHash ? undefined : o.message,
    dismissible: o.closable ?? true,
    closeButton: o.closable ?? true,
    duration: o.duration,
    onDismiss: o.onClose,
    onAutoClose: o.onClose,
    action: o.action ? { label: o.action.label, onClick: o.action.onClick } : undefined,
  };
  const link = o.link ?? (o.txHash ? txHashLink(o.txHash) : undefined);
  if (link) {
    const { createElement } = await import("react");
    data.description = createElement(
      "span",
      null,
      o.message ? `${o.message} ` : null,
      link.href
        ? createElement(
            "a",
            {
              href: link.href,
              target: "_blank",
              rel: "noopener noreferrer",
              className: "underline",
            },
            link.label,
          )
        : createElement(
            "span",
            { className: "font-mono break-all", "data-testid": "toast-tx-hash" },
            link.label,
          ),
    );
  }
  return toast[o.type](o.title, data);
}

/** Dismisses toast `id` (every toast without one), after any of them still being shown. */
export async function dismissToast(id?: string | number): Promise<void> {
  if (!toasterStore.get()) return;
  const showing = [...pending].filter((p) => id === undefined || p.id === id);
  await Promise.all(showing.map((p) => p.done.catch(() => undefined)));
  const { toast } = await import("sonner");
  toast.dismiss(id);
}
