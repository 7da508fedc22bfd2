import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { StrictMode, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Modal, type ModalSize } from "./Modal";
import { ModalLoading, ModalLoadingContext } from "./ModalFrame";

// a closed dialog gives the focus back a tick after it is gone: that tick passes before the next
// test, whose dialogs it would otherwise move the focus in
afterEach(async () => {
  cleanup();
  await new Promise((r) => setTimeout(r, 5));
});

function open(props: Partial<Parameters<typeof Modal>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <Modal title="Example" onClose={onClose} {...props}>
      <p>Body</p>
    </Modal>,
  );
  return onClose;
}

/** A click on the backdrop (the layer behind the panel), a tick after opening. */
async function clickBackdrop() {
  await act(() => new Promise((r) => setTimeout(r, 10)));
  const backdrop = screen.getByTestId("modal-backdrop");
  fireEvent.pointerDown(backdrop, { button: 0, pointerType: "mouse" });
  fireEvent.pointerUp(backdrop);
  fireEvent.click(backdrop);
}

describe("Modal", () => {
  it.each<[ModalSize, string]>([
    ["default", "w-[min(600px,calc(100vw-2rem))]"],
    ["decisions", "w-[min(900px,calc(100vw-2rem))]"],
    ["wide", "w-[min(1000px,calc(100vw-2rem))]"],
    ["fullscreen", "inset-0 h-full w-full"],
  ])("size %s has its width", (size, cls) => {
    open(size === "default" ? {} : { size });
    const dialog = screen.getByRole("dialog", { name: "Example" });
    expect(dialog.dataset.size).toBe(size);
    for (const c of cls.split(" ")) expect(dialog.classList).toContain(c);
    if (size === "fullscreen") expect(dialog.classList).not.toContain("rounded-2xl");
  });

  it("has a title bar and a close button that closes", () => {
    const onClose = open();
    expect(screen.getByRole("heading", { name: "Example" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on a backdrop click by default", async () => {
    const onClose = open();
    expect(screen.getByTestId("modal-backdrop").dataset.blur).toBeUndefined();
    await clickBackdrop();
    expect(onClose).toHaveBeenCalled();
  });

  it("does not close on a backdrop click when disabled", async () => {
    const onClose = open({ closeOnBackdrop: false });
    await clickBackdrop();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("the blurred dark variant cannot be closed by a backdrop click", async () => {
    const onClose = open({ blurBackdrop: true });
    const backdrop = screen.getByTestId("modal-backdrop");
    expect(backdrop.dataset.blur).toBe("true");
    expect(backdrop.classList).toContain("backdrop-blur-sm");
    expect(backdrop.classList).toContain("bg-black/70");
    await clickBackdrop();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

/** A page with a button that opens a modal, which can open a second one over it. */
function Page() {
  const [open, setOpen] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setOpen(1)}>
        Open first
      </button>
      {open >= 1 && (
        <Modal title="First" description="About the first" onClose={() => setOpen(0)}>
          <input aria-label="Amount" defaultValue="12" />
          <button type="button" onClick={() => setOpen(2)}>
            Open second
          </button>
          <a href="#terms">Terms</a>
        </Modal>
      )}
      {open >= 2 && (
        <Modal title="Second" onClose={() => setOpen(1)}>
          <button type="button">Accept</button>
        </Modal>
      )}
    </main>
  );
}

const tick = () => act(() => new Promise((r) => setTimeout(r, 10)));

describe("Modal as a dialog (focus, keyboard, the page behind)", () => {
  it("is a modal dialog named by its title and described by its description, outside the page", () => {
    const { container } = render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "Open first" }));
    const dialog = screen.getByRole("dialog", { name: "First" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)!.textContent).toBe(
      "About the first",
    );
    // in a layer of its own at the end of <body>, not inside the page's tree
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.closest("[data-modal-layer]")!.parentElement).toBe(document.body);
  });

  it("takes the focus on opening (its first control), and Tab and Shift+Tab cycle inside it", () => {
    render(<Page />);
    const opener = screen.getByRole("button", { name: "Open first" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "First" });
    const close = screen.getByRole("button", { name: "Close" });
    expect(document.activeElement).toBe(close);
    // the last control is the link; Tab from it goes back to the first, Shift+Tab the other way
    const link = screen.getByRole("link", { name: "Terms" });
    link.focus();
    fireEvent.keyDown(link, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(link);
    // in between, Tab is the browser's (not prevented)
    const amount = screen.getByLabelText("Amount");
    amount.focus();
    expect(fireEvent.keyDown(amount, { key: "Tab" })).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("Escape closes only the top dialog, and focus goes back to the button that opened it", async () => {
    render(<Page />);
    const opener = screen.getByRole("button", { name: "Open first" });
    opener.focus();
    fireEvent.click(opener);
    const second = screen.getByRole("button", { name: "Open second" });
    second.focus();
    fireEvent.click(second);
    const top = screen.getByRole("dialog", { name: "Second" });
    expect(document.activeElement).toBe(within(top).getByRole("button", { name: "Close" }));
    // the first dialog is behind: inert, and Escape is not its
    expect(screen.getByText("About the first").closest("[inert]")).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await tick();
    expect(screen.queryByRole("dialog", { name: "Second" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "First" }).closest("[inert]")).toBeNull();
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await tick();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.closest("[inert]")).toBeNull();
  });

  it("the page behind does not scroll while a dialog is open, and does again after", async () => {
    document.documentElement.style.overflow = "auto";
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "Open first" }));
    expect(document.documentElement.style.overflow).toBe("hidden");
    fireEvent.click(screen.getByRole("button", { name: "Open second" }));
    fireEvent.keyDown(document.body, { key: "Escape" });
    await tick();
    // still one dialog open
    expect(document.documentElement.style.overflow).toBe("hidden");
    fireEvent.keyDown(document.body, { key: "Escape" });
    await tick();
    expect(document.documentElement.style.overflow).toBe("auto");
    document.documentElement.style.overflow = "";
  });

  it("a field focused by the modal itself keeps the focus", () => {
    render(
      <Modal title="Typed" onClose={() => {}}>
        <input aria-label="Code" autoFocus />
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText("Code"));
  });
});

describe("Modal as a dialog: the review's cases", () => {
  it("has no description for screen readers unless it is given one", () => {
    open();
    expect(screen.getByRole("dialog", { name: "Example" }).hasAttribute("aria-describedby")).toBe(
      false,
    );
  });

  it("marks the lower dialog of a stack itself inert: one dialog is not", () => {
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "Open first" }));
    fireEvent.click(screen.getByRole("button", { name: "Open second" }));
    const reachable = document.querySelectorAll('[role="dialog"]:not([inert])');
    expect(reachable).toHaveLength(1);
    expect(reachable[0]).toBe(screen.getByRole("dialog", { name: "Second" }));
  });

  it("Tab from the checked radio of a group that is not the last leaves nothing: back to the first control", () => {
    render(
      <Modal title="Pick" onClose={() => {}}>
        <input type="radio" name="when" aria-label="Now" />
        <input type="radio" name="when" aria-label="Later" defaultChecked />
        <input type="radio" name="when" aria-label="Never" />
      </Modal>,
    );
    const later = screen.getByLabelText("Later");
    later.focus();
    fireEvent.keyDown(later, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    // and Shift+Tab from the first control goes to the checked radio, the group's one stop
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(later);
  });

  it("a Tab that reaches the layer's edge from inside goes to the dialog's other end, from outside to its own", () => {
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "Open first" }));
    const start = document.querySelector<HTMLElement>('[data-focus-guard="start"]')!;
    const end = document.querySelector<HTMLElement>('[data-focus-guard="end"]')!;
    const close = screen.getByRole("button", { name: "Close" });
    const terms = screen.getByRole("link", { name: "Terms" });
    // from the last control, past the end: the first
    terms.focus();
    end.focus();
    expect(document.activeElement).toBe(close);
    // from the first, back past the start: the last
    start.focus();
    expect(document.activeElement).toBe(terms);
    // from outside (the browser's toolbar: no element had the focus): the nearer end
    act(() => (document.activeElement as HTMLElement).blur());
    start.focus();
    expect(document.activeElement).toBe(close);
    act(() => (document.activeElement as HTMLElement).blur());
    end.focus();
    expect(document.activeElement).toBe(terms);
  });

  it("the toasts' layer stays reachable, its keys are its own; focus that drops to <body> goes to the dialog", async () => {
    // as ToasterHost renders it: the layer first, empty; sonner's list inside it with a toast
    const layer = document.createElement("div");
    layer.setAttribute("data-toast-layer", "");
    const section = document.createElement("section");
    layer.append(section);
    document.body.append(layer);
    const onClose = vi.fn();
    render(
      <Modal title="First" onClose={onClose}>
        <input aria-label="Amount" />
      </Modal>,
    );
    await tick();
    expect(layer.closest("[inert]")).toBeNull();
    const list = document.createElement("ol");
    list.setAttribute("data-sonner-toaster", "");
    const dismiss = document.createElement("button");
    list.append(dismiss);
    section.append(list);
    await tick();
    expect(dismiss.closest("[inert]")).toBeNull();
    // Tab and Escape in a toast are the toast's: the dialog neither takes the focus nor closes
    dismiss.focus();
    expect(fireEvent.keyDown(dismiss, { key: "Tab" })).toBe(true);
    expect(document.activeElement).toBe(dismiss);
    fireEvent.keyDown(dismiss, { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
    // the toast closed from the keyboard goes with the focus on it, and no focusout (Firefox,
    // Safari; jsdom fires none either): the focus comes back to the dialog
    dismiss.remove();
    await tick();
    expect(document.activeElement).toBe(screen.getByRole("dialog", { name: "First" }));
    layer.remove();

    // a toasts' layer mounted after the dialog opened is watched as well
    const later = document.createElement("div");
    later.setAttribute("data-toast-layer", "");
    const late = document.createElement("button");
    later.append(late);
    document.body.append(later);
    await tick();
    late.focus();
    late.remove();
    await tick();
    expect(document.activeElement).toBe(screen.getByRole("dialog", { name: "First" }));
    later.remove();

    // a field left with the focus on <body> (blurred, a click on a backdrop that does not close)
    // is not focused again: a phone would open its keyboard; the dialog has the focus
    const amount = screen.getByLabelText("Amount");
    amount.focus();
    amount.blur();
    await tick();
    expect(document.activeElement).toBe(screen.getByRole("dialog", { name: "First" }));
  });

  it("focus on a control the dialog removes comes back to the dialog (no focusout: Firefox, Safari)", async () => {
    function Steps() {
      const [step, setStep] = useState(1);
      return (
        <Modal title="Steps" onClose={() => {}}>
          {step === 1 ? (
            <button type="button" onClick={() => setStep(2)}>
              Next
            </button>
          ) : (
            <p>Step two</p>
          )}
        </Modal>
      );
    }
    // as in Firefox and Safari: the document hears no focusout of the removed button
    const stop = (e: Event) => e.stopImmediatePropagation();
    window.addEventListener("focusout", stop, true);
    render(<Steps />);
    const next = screen.getByRole("button", { name: "Next" });
    next.focus();
    fireEvent.click(next);
    await tick();
    window.removeEventListener("focusout", stop, true);
    expect(screen.getByText("Step two")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("dialog", { name: "Steps" }));
  });

  it("a modal's loading frame over a dialog is reachable, and its close button closes it only", async () => {
    const onCloseDialog = vi.fn();
    const onCloseLoading = vi.fn();
    render(
      <>
        <Modal title="Lend" onClose={onCloseDialog}>
          <p>Lend body</p>
        </Modal>
        <ModalLoadingContext.Provider value={{ title: "Loyalty levels", onClose: onCloseLoading }}>
          <ModalLoading />
        </ModalLoadingContext.Provider>
      </>,
    );
    // (the page's new layers are seen a tick later)
    await tick();
    const frame = document.querySelector<HTMLElement>("[data-modal-loading]")!;
    expect(frame.closest("[inert]")).toBeNull();
    fireEvent.click(within(frame).getByRole("button", { name: "Close" }));
    // Escape is the frame's too: the dialog underneath leaves it
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onCloseLoading).toHaveBeenCalledTimes(2);
    expect(onCloseDialog).not.toHaveBeenCalled();
  });

  it("a modal's loading frame under the top dialog is out of reach, and Escape is the dialog's", async () => {
    const onCloseDialog = vi.fn();
    const onCloseLoading = vi.fn();
    render(
      <ModalLoadingContext.Provider value={{ title: "Lend", onClose: onCloseLoading }}>
        <ModalLoading />
      </ModalLoadingContext.Provider>,
    );
    // a dialog opened over the frame while the frame's modal still loads (a watcher's modal)
    render(
      <Modal title="NFT detected" onClose={onCloseDialog}>
        <p>Body</p>
      </Modal>,
    );
    await tick();
    expect(document.querySelector("[data-modal-loading]")!.closest("[inert]")).not.toBeNull();
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onCloseDialog).toHaveBeenCalledTimes(1);
  });

  it("keeps the focus where it put it when mounted twice (StrictMode) and when it replaced a dialog", async () => {
    render(
      <StrictMode>
        <Modal title="Strict" onClose={() => {}}>
          <input aria-label="Code" />
        </Modal>
      </StrictMode>,
    );
    await tick();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    // StrictMode's second setup left a "closed" dialog's timer: with the focus elsewhere (a
    // toast) when it fires, it must not move the focus (the dialog never closed)
    cleanup();
    await tick();
    render(
      <StrictMode>
        <Modal title="Strict" onClose={() => {}}>
          <input aria-label="Code" />
        </Modal>
      </StrictMode>,
    );
    const toast = document.createElement("button");
    const layer = document.createElement("div");
    layer.setAttribute("data-toast-layer", "");
    layer.append(toast);
    document.body.append(layer);
    toast.focus();
    await tick();
    expect(document.activeElement).toBe(toast);
    layer.remove();
    cleanup();

    function Swap() {
      const [which, setWhich] = useState<"a" | "b">("a");
      // two modals, as the modal provider's entries are (a key each), not one modal's new props
      return which === "a" ? (
        <Modal key="a" title="A" onClose={() => {}}>
          <button type="button" onClick={() => setWhich("b")}>
            To B
          </button>
        </Modal>
      ) : (
        <Modal key="b" title="B" onClose={() => {}}>
          <input aria-label="Email" />
        </Modal>
      );
    }
    render(<Swap />);
    const toB = screen.getByRole("button", { name: "To B" });
    toB.focus();
    fireEvent.click(toB);
    const b = screen.getByRole("dialog", { name: "B" });
    const close = within(b).getByRole("button", { name: "Close" });
    expect(document.activeElement).toBe(close);
    await tick();
    expect(document.activeElement).toBe(close);
  });
});

describe("a modal's loading state (ModalLoading)", () => {
  function loading() {
    const onClose = vi.fn();
    render(
      <ModalLoadingContext.Provider value={{ title: "Example", onClose }}>
        <ModalLoading />
      </ModalLoadingContext.Provider>,
    );
    return onClose;
  }

  it("is the dialog's own frame: the same panel, title bar and close button, with Loading…", () => {
    open();
    const dialog = screen.getByRole("dialog", { name: "Example" });
    const frame = (panel: Element) => ({
      panel: panel.className,
      bar: panel.firstElementChild!.className,
      title: panel.firstElementChild!.firstElementChild!.className,
      close: panel.firstElementChild!.lastElementChild!.className,
    });
    const real = frame(dialog);
    cleanup();
    loading();
    const panel = document.querySelector("[data-modal-loading]")!;
    expect(frame(panel)).toEqual(real);
    expect(panel.getAttribute("aria-busy")).toBe("true");
    expect(panel.textContent).toContain("Example");
    expect(screen.getByText("Loading…").getAttribute("role")).toBe("status");
    // not a dialog yet (the real one takes the focus when it replaces it)
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes from its close button, its backdrop and Escape", () => {
    const onClose = loading();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.click(document.querySelector("[data-modal-loading]")!.previousElementSibling!);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("shows nothing outside a modal's context", () => {
    const { container } = render(<ModalLoading />);
    expect(container.innerHTML).toBe("");
  });
});
