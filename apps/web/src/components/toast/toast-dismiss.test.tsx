import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ToasterHost from "./ToasterHost";
import { dismissToast, showToast } from "./toast";

/** The toast showing `text`, unless it is gone or on its way out (sonner's `data-removed`). */
function shownToast(text: string) {
  const toast = screen.queryByText(text)?.closest("[data-sonner-toast]");
  return toast && toast.getAttribute("data-removed") !== "true" ? toast : null;
}

describe("dismissToast", () => {
  it("removes a toast dismissed before sonner had shown it (a transaction mined at once)", async () => {
    // the first toast loads the toaster; the dismissal comes before it is mounted
    const shown = showToast({ id: "tx", type: "info", title: "Processing", duration: Infinity });
    const dismissed = dismissToast("tx");
    render(<ToasterHost />);
    await act(async () => {
      await shown;
      await dismissed;
    });

    // a toast shown afterwards stays until dismissed; once it shows, the dismissed one is gone
    // (no fixed wait: sonner renders both from the same store, in order)
    await act(async () => {
      await showToast({ id: "other", type: "success", title: "Done", duration: Infinity });
    });
    await waitFor(() => expect(shownToast("Done")).not.toBeNull());
    await waitFor(() => expect(shownToast("Processing")).toBeNull());
    // and is removed from the page once its exit is over (sonner's own timer: waited for here,
    // so that it never fires after this file's DOM is gone)
    await waitFor(() => expect(screen.queryByText("Processing")).toBeNull());
    expect(shownToast("Done")).not.toBeNull();
  });
});
