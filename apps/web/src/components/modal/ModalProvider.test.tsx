import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal";
import { pendingModals, requestStack } from "@/lib/stack/store";
import { StackContext } from "@/lib/stack";
import type { LiveStack } from "@/lib/stack/store";
import { ModalProvider, useModal } from "./ModalProvider";
import type { RegistryModalProps } from "./registry";
import { MODALS } from "./registryModals";
import { registerVisitorModal, resetVisitorModals } from "./visitorModals";

// The registry's modals are lazy chunks; here two small stand-ins with the same contract.
vi.mock("./registryModals", () => {
  function Lend({ onClose }: RegistryModalProps) {
    const [count, setCount] = useState(0);
    const [accepted, setAccepted] = useState(false);
    const { push } = useModal();
    const onAccept = () => setAccepted(true);
    return (
      <Modal title="Lend" onClose={onClose}>
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          Typed {count}
        </button>
        {/* like the lend review: the button that opened the contract is gone once accepted */}
        {accepted ? (
          <button type="button" data-autofocus>
            Confirm
          </button>
        ) : (
          <button
            type="button"
            onClick={() => push("loanContract", { text: "Section 1", onAccept } as never)}
          >
            Read contract
          </button>
        )}
      </Modal>
    );
  }
  function LoanContract({
    onClose,
    text,
    onAccept,
  }: RegistryModalProps<{ text: string; onAccept: () => void }>) {
    return (
      <Modal title="Loan Contract" onClose={onClose}>
        <p>{text}</p>
        <button
          type="button"
          onClick={() => {
            onAccept();
            onClose();
          }}
        >
          Accept
        </button>
      </Modal>
    );
  }
  return { MODALS: { lend: Lend, loanContract: LoanContract } };
});

function Opener() {
  const { open, push, dismiss, current } = useModal();
  return (
    <>
      <button type="button" onClick={() => open("lend")}>
        Open lend
      </button>
      <button type="button" onClick={() => push("lend")}>
        Push lend
      </button>
      <button type="button" onClick={() => dismiss("loanContract")}>
        Expire contract
      </button>
      <output data-testid="current">{current ?? "none"}</output>
    </>
  );
}

/** The wallet stack as the modals see it: its registry (the stand-ins above). */
const LIVE = { MODALS } as unknown as LiveStack;

function Live({ children }: { children: ReactNode }) {
  return (
    <StackContext.Provider value={LIVE}>
      <ModalProvider>{children}</ModalProvider>
    </StackContext.Provider>
  );
}

// a modal a test registers for visitors is that test's only
afterEach(() => resetVisitorModals());

describe("ModalProvider", () => {
  it("opens by name, stacks a pushed modal over the open one and keeps its state underneath", async () => {
    render(
      <Live>
        <Opener />
      </Live>,
    );
    fireEvent.click(screen.getByText("Open lend"));
    const typed = await screen.findByRole("button", { name: "Typed 0" });
    fireEvent.click(typed);
    fireEvent.click(screen.getByRole("button", { name: "Read contract" }));
    expect((await screen.findByRole("dialog", { name: "Loan Contract" })).textContent).toContain(
      "Section 1",
    );
    expect(screen.getByTestId("current").textContent).toBe("loanContract");

    // closing the top one returns to the lend modal with its state
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("dialog", { name: "Loan Contract" }), { key: "Escape" });
    });
    expect(screen.queryByRole("dialog", { name: "Loan Contract" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Lend" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Typed 1" })).toBeTruthy();
    expect(screen.getByTestId("current").textContent).toBe("lend");
  });

  it("dismisses a modal by name and leaves the rest open", async () => {
    render(
      <Live>
        <Opener />
      </Live>,
    );
    fireEvent.click(screen.getByText("Open lend"));
    fireEvent.click(await screen.findByRole("button", { name: "Read contract" }));
    await screen.findByRole("dialog", { name: "Loan Contract" });
    fireEvent.click(screen.getByText("Expire contract", { selector: "button" }));
    expect(screen.queryByRole("dialog", { name: "Loan Contract" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Lend" })).toBeTruthy();
  });

  it("does not stack a modal without props over itself (a watcher and a click at once)", async () => {
    render(
      <Live>
        <Opener />
      </Live>,
    );
    fireEvent.click(screen.getByText("Open lend"));
    await screen.findByRole("dialog", { name: "Lend" });
    fireEvent.click(screen.getByText("Push lend", { selector: "button" }));
    expect(screen.getAllByRole("dialog", { name: "Lend", hidden: true })).toHaveLength(1);
    // with props it is another modal: stacked
    fireEvent.click(screen.getByRole("button", { name: "Read contract" }));
    await screen.findByRole("dialog", { name: "Loan Contract" });
    expect(screen.getAllByRole("dialog", { hidden: true })).toHaveLength(2);
  });

  it("keeps the page and the lower dialog out of reach, and after Accept focuses the lend dialog", async () => {
    render(
      <Live>
        <Opener />
      </Live>,
    );
    const page = screen.getByText("Open lend");
    page.focus();
    fireEvent.click(page);
    // the keyboard user is on the button that opens the contract (it is gone once accepted)
    const read = await screen.findByRole("button", { name: "Read contract" });
    read.focus();
    fireEvent.click(read);
    const contract = await screen.findByRole("dialog", { name: "Loan Contract" });
    const lend = screen.getByText("Typed 0").closest<HTMLElement>('[role="dialog"]')!;
    // the page and the lend dialog underneath are inert; the contract is not
    expect(page.closest("[inert]")).not.toBeNull();
    expect(lend.closest("[inert]")).not.toBeNull();
    expect(contract.closest("[inert]")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    // the focus goes back one tick after the dialog unmounts
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole("dialog", { name: "Loan Contract" })).toBeNull();
    expect(lend.closest("[inert]")).toBeNull();
    expect(page.closest("[inert]")).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Confirm" }));

    // closing the last dialog frees the page and returns focus to the button that opened it
    await act(async () => {
      fireEvent.keyDown(lend, { key: "Escape" });
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(page.closest("[inert]")).toBeNull();
    expect(document.activeElement).toBe(page);
  });

  it("opens a modal asked for on the visitor's page after it had mounted (a click during the remount)", async () => {
    render(
      <Live>
        <p>page</p>
      </Live>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => requestStack({ modal: { method: "open", name: "lend" } }));
    expect(await screen.findByRole("dialog", { name: "Lend" })).toBeTruthy();
    act(() =>
      requestStack({ modal: { method: "push", name: "loanContract", props: { text: "S1" } } }),
    );
    expect(await screen.findByRole("dialog", { name: "Loan Contract" })).toBeTruthy();
    expect(pendingModals()).toEqual([]);
  });

  it("answers a click on a visitor's page at once with the modal's frame, not yet a dialog; Escape closes it", () => {
    render(
      <StackContext.Provider value={null}>
        <ModalProvider>
          <Opener />
        </ModalProvider>
      </StackContext.Provider>,
    );
    const opener = screen.getByText("Open lend");
    opener.focus();
    fireEvent.click(opener);
    // in the click's own render: the frame with the modal's title and "Loading…" (issue 26 goal 3)
    expect(screen.getByText("Lend")).toBeTruthy();
    expect(screen.getByText("Loading…").getAttribute("role")).toBe("status");
    // not a dialog until the stack and the modal's code are in: the focus stays on the button
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByText("Loading…")).toBeNull();
    expect(screen.getByTestId("current").textContent).toBe("none");
  });

  it("shows a modal the page registered for visitors at once, without the wallet stack", () => {
    function VisitorReferral({ referrer, onClose }: { referrer: string; onClose: () => void }) {
      return (
        <div role="dialog" aria-label="Referral Code Detected">
          <p>{referrer}</p>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      );
    }
    registerVisitorModal("referralDetected", VisitorReferral);
    function ReferralPage() {
      const { open, current } = useModal();
      return (
        <>
          <button type="button" onClick={() => open("referralDetected", { referrer: "0xabc" })}>
            Open referral
          </button>
          <output data-testid="current">{current ?? "none"}</output>
        </>
      );
    }
    render(
      <StackContext.Provider value={null}>
        <ModalProvider>
          <ReferralPage />
        </ModalProvider>
      </StackContext.Provider>,
    );
    fireEvent.click(screen.getByText("Open referral"));
    // the visitor's modal itself, in the click's render: no loading frame, no stack to wait for
    expect(screen.getByRole("dialog", { name: "Referral Code Detected" })).toBeTruthy();
    expect(screen.getByText("0xabc")).toBeTruthy();
    expect(screen.queryByText("Loading…")).toBeNull();
    fireEvent.click(screen.getByText("Close"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("current").textContent).toBe("none");
  });

  it("opens a modal asked for before the stack loaded once it has, without mounting the page again", async () => {
    function Page() {
      const [live, setLive] = useState<LiveStack | null>(null);
      const [text, setText] = useState("");
      return (
        <StackContext.Provider value={live}>
          <ModalProvider>
            <Opener />
            <input aria-label="Full name" value={text} onChange={(e) => setText(e.target.value)} />
            <button type="button" onClick={() => setLive(LIVE)}>
              Stack loaded
            </button>
          </ModalProvider>
        </StackContext.Provider>
      );
    }
    render(<Page />);
    const input = screen.getByLabelText<HTMLInputElement>("Full name");
    fireEvent.change(input, { target: { value: "Ada" } });
    fireEvent.click(screen.getByText("Open lend"));
    // the registry's modals come with the stack: nothing yet
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByText("Stack loaded"));
    expect(await screen.findByRole("dialog", { name: "Lend" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Full name")).toBe(input);
    expect(input.value).toBe("Ada");
  });
});
