import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Modal, type ModalSize } from "./Modal";
import { ModalLoading, ModalLoadingContext } from "./ModalFrame";

function open(props: Partial<Parameters<typeof Modal>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <Modal title="Example" onClose={onClose} {...props}>
      <p>Body</p>
    </Modal>,
  );
  return onClose;
}

/**
 * Radix closes on a pointerdown outside the content (the overlay sits outside it); it starts
 * listening one tick after opening.
 */
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
