import { fireEvent, render, screen } from "@testing-library/react";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import type { ComponentProps, ContextType } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppLink } from "./AppLink";

type Router = NonNullable<ContextType<typeof AppRouterContext>>;

/** IntersectionObserver as the browser runs it: a visible link is reported once observed. */
class VisibleObserver {
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.report([{ isIntersecting: true }]);
  }
  disconnect() {}
}

function renderLink(props: Partial<ComponentProps<typeof AppLink>> = {}) {
  const router = { push: vi.fn(), prefetch: vi.fn() };
  render(
    <AppRouterContext.Provider value={router as unknown as Router}>
      <AppLink href="/lending" {...props}>
        Lending
      </AppLink>
    </AppRouterContext.Provider>,
  );
  return { router, link: screen.getByRole("link", { name: "Lending" }) };
}

afterEach(() => vi.unstubAllGlobals());

describe("AppLink", () => {
  it("is a plain link in the HTML, and a click navigates in the app without a reload", () => {
    const { router, link } = renderLink({ className: "underline" });
    expect(link).toHaveProperty("href", "http://localhost:3000/lending");
    expect(link.className).toBe("underline");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(router.push).toHaveBeenCalledWith("/lending", undefined);
  });

  it("keeps the scroll position when asked (the pool page's range selector)", () => {
    const { router, link } = renderLink({ scroll: false });
    fireEvent.click(link);
    expect(router.push).toHaveBeenCalledWith("/lending", { scroll: false });
  });

  it("leaves a new-tab click (ctrl, cmd, shift, middle button) to the browser", () => {
    const { router, link } = renderLink();
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const click = new MouseEvent("click", { bubbles: true, cancelable: true, ...init });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(router.push).not.toHaveBeenCalled();
  });

  it("runs the caller's onClick first (a modal closing), then navigates", () => {
    const onClick = vi.fn();
    const { router, link } = renderLink({ onClick });
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(router.push).toHaveBeenCalledOnce();
  });

  it("prefetches the target once it is in view, and again on hover", () => {
    vi.stubGlobal("IntersectionObserver", VisibleObserver);
    const { router, link } = renderLink();
    expect(router.prefetch).toHaveBeenCalledWith("/lending");
    fireEvent.mouseEnter(link);
    expect(router.prefetch).toHaveBeenCalledTimes(2);
  });

  it("outside the app router (no router) lets the browser follow the link", () => {
    render(<AppLink href="/docs">Docs</AppLink>);
    const link = screen.getByRole("link", { name: "Docs" });
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
