import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEffect, useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { Providers } from "@/providers/Providers";
import { resetVisitorReadsForTests, useConnection, useQuery, VISITOR_READ } from "./index";
import { liveStack, requestStack, resetStackForTests } from "./store";
import { testPublicConfig as publicConfig } from "./testing";

const RENDERED_AT = Date.now();

function Reader({ initial, enabled }: { initial?: number; enabled?: boolean }) {
  const { status } = useConnection();
  const query = useQuery({
    queryKey: ["answer", initial ?? null, enabled ?? true],
    queryFn: () => Promise.resolve(7),
    enabled,
    ...(initial === undefined ? {} : { initialData: initial, initialDataUpdatedAt: RENDERED_AT }),
    select: (n: number) => n * 2,
    staleTime: 60_000,
  });
  return (
    <p data-testid="reader">
      {status}:{query.status}:{String(query.data)}
    </p>
  );
}

describe("the wallet stack's hooks on a visitor's page", () => {
  beforeEach(() => {
    window.localStorage.clear();
    resetStackForTests();
    resetVisitorReadsForTests();
  });

  it("does an API read marked VISITOR_READ itself, once for two readers, without the stack", async () => {
    let calls = 0;
    function Notices() {
      const query = useQuery({
        queryKey: ["notices", 1],
        queryFn: () => {
          calls += 1;
          return Promise.resolve({ items: 3 });
        },
        meta: VISITOR_READ,
      });
      return <p data-testid="notices">{query.data ? String(query.data.items) : "none"}</p>;
    }
    render(
      <Providers config={publicConfig}>
        <Notices />
        <Notices />
      </Providers>,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId("notices").map((n) => n.textContent)).toEqual(["3", "3"]),
    );
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(liveStack()).toBeNull();
  });

  it("renders the server's data, disconnected, without loading the stack", async () => {
    render(
      <Providers config={publicConfig}>
        <Reader initial={21} />
        <Reader enabled={false} />
      </Providers>,
    );
    const [seeded, idle] = screen.getAllByTestId("reader");
    expect(seeded!.textContent).toBe("disconnected:success:42");
    expect(idle!.textContent).toBe("disconnected:pending:undefined");
    await new Promise((r) => setTimeout(r, 50));
    expect(liveStack()).toBeNull();
  });

  it("loads the stack for a read the server did not do, and the query then runs", async () => {
    render(
      <Providers config={publicConfig}>
        <Reader />
      </Providers>,
    );
    expect(screen.getByTestId("reader").textContent).toBe("disconnected:pending:undefined");
    await waitFor(
      () => expect(screen.getByTestId("reader").textContent).toBe("disconnected:success:14"),
      {
        timeout: 20_000,
      },
    );
    expect(liveStack()).not.toBeNull();
  }, 30_000);

  it("loads the stack at once when a connection is remembered", async () => {
    window.localStorage.setItem(
      "lending.lastActiveWallet",
      JSON.stringify({
        connectorId: "injected",
        address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      }),
    );
    render(
      <Providers config={publicConfig}>
        <Reader initial={1} />
      </Providers>,
    );
    await waitFor(() => expect(liveStack()).not.toBeNull(), { timeout: 20_000 });
  }, 30_000);

  it("keeps the page mounted when the stack loads: what was typed stays, its hooks switch to the stack's", async () => {
    let mounts = 0;
    function KycForm() {
      const [name, setName] = useState("");
      useEffect(() => {
        mounts += 1;
      }, []);
      return (
        <label>
          Full name
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
      );
    }
    render(
      <Providers config={publicConfig}>
        <KycForm />
        <Reader initial={5} />
      </Providers>,
    );
    const input = screen.getByLabelText<HTMLInputElement>("Full name");
    fireEvent.change(input, { target: { value: "Ada Lovelace" } });
    expect(mounts).toBe(1);
    expect(liveStack()).toBeNull();

    act(() => requestStack());
    await waitFor(() => expect(liveStack()).not.toBeNull(), { timeout: 20_000 });
    // the query now runs in the stack's client: its answer (7, selected x2) replaces the server's
    await waitFor(
      () => expect(screen.getByTestId("reader").textContent).toBe("disconnected:success:10"),
      { timeout: 20_000 },
    );
    expect(screen.getByLabelText<HTMLInputElement>("Full name")).toBe(input);
    expect(input.value).toBe("Ada Lovelace");
    expect(mounts).toBe(1);
  }, 30_000);

  it("keeps a form typed into while a remembered connection's stack loads (the KYC widget's pop-up)", async () => {
    window.localStorage.setItem(
      "lending.lastActiveWallet",
      JSON.stringify({
        connectorId: "injected",
        address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      }),
    );
    function Form() {
      const [name, setName] = useState("");
      return (
        <input aria-label="Full name" value={name} onChange={(e) => setName(e.target.value)} />
      );
    }
    render(
      <Providers config={publicConfig}>
        <Form />
      </Providers>,
    );
    // typed before the stack is in (it started loading on mount)
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Ada Lovelace" } });
    await waitFor(() => expect(liveStack()).not.toBeNull(), { timeout: 20_000 });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByLabelText<HTMLInputElement>("Full name").value).toBe("Ada Lovelace");
  }, 30_000);
});
