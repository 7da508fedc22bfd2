import { afterEach, describe, expect, it } from "vitest";
import { registerVisitorModal, resetVisitorModals, visitorModal } from "./visitorModals";

function VisitorReferral({ referrer }: { referrer: string; onClose: () => void }) {
  return <p>{referrer}</p>;
}

afterEach(() => resetVisitorModals());

describe("the modals a visitor's page registers", () => {
  it("are found by name, and only the names registered", () => {
    registerVisitorModal("referralDetected", VisitorReferral);
    expect(visitorModal("referralDetected")).toBe(VisitorReferral);
    expect(visitorModal("lend")).toBeUndefined();
  });

  it("are each a component of its modal's props: another modal's does not compile", () => {
    // the lend modal is opened with no referrer: a component that needs one cannot be its form
    // @ts-expect-error -- VisitorReferral's props are not the lend modal's
    registerVisitorModal("lend", VisitorReferral);
    // the connect modal's props are not the referral modal's either
    // @ts-expect-error -- VisitorReferral's props are not the connect modal's
    registerVisitorModal("connectWallet", VisitorReferral);
    registerVisitorModal("referralDetected", VisitorReferral);
    expect(visitorModal("referralDetected")).toBe(VisitorReferral);
  });

  it("are forgotten by the tests' reset, so one test's registration does not reach the next", () => {
    registerVisitorModal("referralDetected", VisitorReferral);
    resetVisitorModals();
    expect(visitorModal("referralDetected")).toBeUndefined();
  });
});
