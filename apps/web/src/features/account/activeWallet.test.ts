// @vitest-environment node
import { describe, expect, it } from "vitest";
import { switchActiveWallet } from "./activeWallet";

const EMBEDDED = "0x00000000000000000000000000000000000000e1";
const BROWSER = "0x00000000000000000000000000000000000000b2";

describe("switching the account's active wallet", () => {
  it("moves the session to the wallet before the browser shows it in use", async () => {
    const steps: string[] = [];
    const account = await switchActiveWallet({
      address: EMBEDDED,
      previous: BROWSER,
      session: (a) => {
        steps.push(`session ${a}`);
        return Promise.resolve({ active: a });
      },
      browser: () => {
        steps.push("browser");
        return Promise.resolve();
      },
    });
    expect(steps).toEqual([`session ${EMBEDDED}`, "browser"]);
    expect(account).toEqual({ active: EMBEDDED });
  });

  it("puts the session back on the wallet in use when the browser cannot switch", async () => {
    const session: string[] = [];
    await expect(
      switchActiveWallet({
        address: EMBEDDED,
        previous: BROWSER,
        session: (a) => {
          session.push(a);
          return Promise.resolve({ active: a });
        },
        browser: () => Promise.reject(new Error("User rejected the request.")),
      }),
    ).rejects.toThrow("User rejected the request.");
    expect(session).toEqual([EMBEDDED, BROWSER]);
  });

  it("leaves the browser alone when the server refuses the wallet", async () => {
    let switched = false;
    await expect(
      switchActiveWallet({
        address: EMBEDDED,
        previous: BROWSER,
        session: () => Promise.reject(new Error("Not one of this account's wallets")),
        browser: () => {
          switched = true;
          return Promise.resolve();
        },
      }),
    ).rejects.toThrow("Not one of this account's wallets");
    expect(switched).toBe(false);
  });
});
