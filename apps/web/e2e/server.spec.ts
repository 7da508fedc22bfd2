import {
  buildEmailChallengeMessage,
  buildEmailConfirmationMessage,
  buildKycChallengeMessage,
} from "@lending/sdk";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { expect, test } from "./support/fixtures";

// The server's local pages: the built-in KYC widget and the dev outbox, with security headers.
test("a signed KYC challenge opens the local widget; the submission is verified; mail lands in the outbox", async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = privateKeyToAccount(generatePrivateKey());
  const address = account.address.toLowerCase();
  let timestamp = Date.now();
  const challenge = await request.post("/api/kyc-challenge", {
    data: {
      address,
      timestamp,
      isIndividual: true,
      signature: await account.signMessage({
        message: buildKycChallengeMessage({
          address,
          isIndividual: true,
          timestamp,
          chainId: Number(process.env.E2E_CHAIN_ID),
        }),
      }),
    },
  });
  expect(challenge.status()).toBe(200);
  const { widgetUrl } = (await challenge.json()) as { widgetUrl: string };

  const response = await page.goto(widgetUrl);
  const headers = response?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  // scripts run by per-request nonce, never as arbitrary inline code; no HSTS over plain http
  const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
  expect(scriptSrc).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(headers["strict-transport-security"]).toBeUndefined();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // the entity type was signed in the challenge: the form cannot change it
  await expect(page.getByRole("radio", { name: "An individual" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "A business entity" })).toBeDisabled();
  await expect(
    page.getByRole("heading", { level: 1, name: "Identity verification" }),
  ).toBeVisible();
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Submit for verification" }).click();
  // auto-approved on the local chain; without an email the status is "No Email"
  await expect(page.getByRole("status")).toContainText("No Email.");
  // anyone sees the status only; the wallet's own session (Sign-In with Ethereum) sees the record
  const kyc = await request.get(`/api/kyc?userAddress=${address}`);
  expect(await kyc.json()).toEqual({ address, status: "No Email", provider: "local" });
  const site = new URL(page.url());
  const { nonce } = (await (await request.get("/api/auth/nonce")).json()) as { nonce: string };
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: site.host,
    uri: site.origin,
    version: "1",
    nonce,
  });
  const signIn = await request.post("/api/auth/siwe", {
    data: { message, signature: await account.signMessage({ message }) },
  });
  expect(signIn.status()).toBe(200);
  expect(signIn.headers()["set-cookie"]).toMatch(/HttpOnly; SameSite=Lax/);
  const own = await request.get(`/api/kyc?userAddress=${address}`);
  expect(await own.json()).toMatchObject({ status: "No Email", fullName: "Ada Lovelace" });

  timestamp = Date.now();
  const email = `ada-${timestamp}@example.org`;
  const chainId = Number(process.env.E2E_CHAIN_ID);
  // step 1: a signed request mails a code; the email is not set yet
  const update = await request.post("/api/email-challenge", {
    data: {
      address,
      email,
      timestamp,
      signature: await account.signMessage({
        message: buildEmailChallengeMessage({ address, email, timestamp, chainId }),
      }),
    },
  });
  expect(await update.json()).toMatchObject({ address, email });
  expect(await (await request.get(`/api/kyc?userAddress=${address}`)).json()).toMatchObject({
    status: "No Email",
  });
  await page.goto("/dev/outbox");
  await expect(page.getByText(`to ${email}`)).toBeVisible();
  const code = /confirmation code is (\d{6})/.exec(await page.locator("body").innerText())?.[1];
  expect(code).toMatch(/^\d{6}$/);
  // step 2: the signed code confirms it
  timestamp = Date.now();
  const confirmed = await request.post("/api/email-challenge/confirm", {
    data: {
      address,
      email,
      code,
      timestamp,
      signature: await account.signMessage({
        message: buildEmailConfirmationMessage({ address, email, timestamp, chainId }),
      }),
    },
  });
  expect(await confirmed.json()).toMatchObject({ status: "Active", email });
  expect(consoleErrors).toEqual([]);
});

test("unknown /api paths answer JSON 404 for any method", async ({ request }) => {
  for (const method of ["GET", "POST", "DELETE"] as const) {
    const response = await request.fetch("/api/no-such-endpoint", { method });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: `No API endpoint at ${method} /api/no-such-endpoint`,
    });
  }
});

test("/api itself is a JSON 404, an unserved method a JSON 405 with Allow, HEAD is served", async ({
  request,
}) => {
  const root = await request.fetch("/api", { method: "GET" });
  expect(root.status()).toBe(404);
  expect(await root.json()).toEqual({ statusCode: 404, message: "No API endpoint at GET /api" });
  for (const [path, method, allow] of [
    ["/api/kyc", "PUT", "GET, HEAD, OPTIONS"],
    ["/api/lender-agreements", "GET", "POST, OPTIONS"],
    ["/api/auth/session", "POST", "GET, DELETE, HEAD, OPTIONS"],
  ] as const) {
    const response = await request.fetch(path, { method });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe(allow);
    expect(await response.json()).toEqual({
      statusCode: 405,
      message: `Method ${method} is not allowed here: use ${allow}`,
    });
  }
  const options = await request.fetch("/api/kyc", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const head = await request.fetch(`/api/kyc?userAddress=${address}`, { method: "HEAD" });
  expect(head.status()).toBe(200);
});

// `/` and /lending come from the page cache (server/http/page-cache.ts): one render shared by
// every visitor, each response with its own script nonce, and the page still runs its scripts.
test("a cached public page carries its own response's nonce on every script, never another's", async ({
  page,
  request,
  consoleErrors,
}) => {
  for (const path of ["/", "/lending"]) {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      // a browser's document request (a fetch of the RSC payload is never served the cache)
      const response = await request.get(path, { headers: { accept: "text/html" } });
      expect(response.status()).toBe(200);
      const csp = response.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      const inHtml = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      // Next's bootstrap and chunk scripts: all with this response's nonce, no other value
      expect(inHtml).toEqual(new Set([nonce]));
      seen.add(nonce!);
    }
    expect(seen.size).toBe(3);
  }
  // the scripts run under the policy (a blocked script logs a console error): the page hydrates
  await page.goto("/lending");
  const button = page.getByTestId("wallet-button");
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
