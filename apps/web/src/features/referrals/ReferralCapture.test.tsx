import { render, screen } from "@testing-library/react";
import { referralDetected } from "@lending/sdk";
import { describe, expect, it, vi } from "vitest";
import { ModalProvider } from "@/components/modal/ModalProvider";
import { visitorModal } from "@/components/modal/visitorModals";
import { StackContext } from "@/lib/stack";
import { testPublicConfig } from "@/lib/stack/testing";
import { PublicConfigProvider } from "@/providers/PublicConfigContext";
import { ReferralCapture } from "./ReferralCapture";
import ReferralDetectedVisitor from "./ReferralDetectedVisitor";
import { REFERRER_KEY } from "./storage";

// the wallet stack is not loaded on a visitor's page: a request for it is what this must not need
const requested = vi.hoisted(() => ({ stack: 0 }));
vi.mock("@/lib/stack/store", async (importOriginal) => {
  const store = await importOriginal<typeof import("@/lib/stack/store")>();
  return {
    ...store,
    requestStack: (...args: Parameters<typeof store.requestStack>) => {
      requested.stack++;
      return store.requestStack(...args);
    },
  };
});

const REFERRER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("the referral link's page (/referrals/{address}) for a visitor", () => {
  it("registers the referral-detected modal for visitors", () => {
    expect(visitorModal("referralDetected")).toBe(ReferralDetectedVisitor);
  });

  it("remembers the referrer and shows the modal without loading the wallet stack", () => {
    render(
      <PublicConfigProvider value={testPublicConfig}>
        <StackContext.Provider value={null}>
          <ModalProvider>
            <ReferralCapture referrer={REFERRER} />
          </ModalProvider>
        </StackContext.Provider>
      </PublicConfigProvider>,
    );
    // the visitor's dialog (jsdom has no showModal: the dialog is not open there, so no role query)
    const dialog = screen.getByText(referralDetected.title).closest("dialog");
    expect(dialog?.getAttribute("role")).toBe("dialog");
    expect(dialog?.textContent).toContain(REFERRER.toLowerCase());
    expect(localStorage.getItem(REFERRER_KEY)).toBe(REFERRER.toLowerCase());
    expect(requested.stack).toBe(0);
  });
});
