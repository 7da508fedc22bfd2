// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { outbox } from "@/server/db/schema";
import { expectError, newAccount, postRequest, setupApiTestDatabase } from "@/server/test/harness";
import * as devRoute from "../../../app/api/dev/[action]/route";
import OutboxPage from "../../../app/dev/outbox/page";
import { localOnlyAvailable } from "./local-only";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const web = path.resolve(__dirname, "../../..");

async function devCall(method: (typeof METHODS)[number], action: string, body?: unknown) {
  const handler = devRoute[method];
  const request =
    body === undefined
      ? new Request(`http://localhost:3000/api/dev/${action}`, { method })
      : postRequest(`/api/dev/${action}`, body);
  const response = await handler(request, { params: Promise.resolve({ action }) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** What `notFound()` of next/navigation throws (the page becomes the 404 page). */
async function pageStatus(render: () => Promise<unknown>): Promise<number> {
  try {
    await render();
    return 200;
  } catch (error) {
    const digest = String((error as { digest?: string }).digest ?? "");
    if (digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;")) return Number(digest.split(";")[1]);
    throw error;
  }
}

/** Every file of a local-only page or route (app/dev/**, app/api/dev/**). */
function localOnlyFiles(): string[] {
  const out: string[] = [];
  for (const dir of ["app/dev", "app/api/dev"]) {
    for (const entry of readdirSync(path.join(web, dir), {
      recursive: true,
      withFileTypes: true,
    })) {
      if (entry.isFile() && /^(page|route|layout)\.tsx?$/.test(entry.name)) {
        out.push(path.relative(web, path.join(entry.parentPath, entry.name)));
      }
    }
  }
  return out;
}

describe("local-only surfaces (outbox, demo controls, dev panel): one guard", () => {
  const t = setupApiTestDatabase();
  const { rpcUrl } = inject("anvil");
  let production: ReturnType<typeof createServer>;
  let productionRpc: string;

  beforeAll(async () => {
    // a production node (Geth on chain id 31337's answer would be a lie too: it says Geth)
    production = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const calls = JSON.parse(body) as
          { id: number; method: string } | { id: number; method: string }[];
        const answer = (c: { id: number; method: string }) => ({
          jsonrpc: "2.0",
          id: c.id,
          result: c.method === "eth_chainId" ? "0x7a69" : "Geth/v1.14.0",
        });
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
      });
    });
    await new Promise<void>((r) => production.listen(0, "127.0.0.1", r));
    productionRpc = `http://127.0.0.1:${(production.address() as AddressInfo).port}`;
    // a live sign-in code waiting in the outbox
    await t.db().insert(outbox).values({
      from: "no-reply@localhost",
      to: "victim@example.org",
      subject: "Your sign-in code",
      text: "Your sign-in code is 123456",
      transport: "outbox",
    });
  });
  afterAll(() => new Promise((r) => production.close(r)));

  it("a server that forgot CHAIN_ID (default 31337) on a real chain shows no outbox, no demo route, no dev panel", async () => {
    const saved = { RPC_URL: process.env.RPC_URL, CHAIN_ID: process.env.CHAIN_ID };
    delete process.env.CHAIN_ID; // forgotten: the schema's default, 31337
    process.env.RPC_URL = productionRpc;
    try {
      expect(await localOnlyAvailable()).toBe(false); // the layout offers no dev panel
      expect(await pageStatus(() => OutboxPage())).toBe(404);
      for (const method of METHODS) {
        for (const action of ["clearing", "next-epoch", "fund", "default", "nope"]) {
          const r = await devCall(method, action);
          expect(r.status, `${method} /api/dev/${action}`).toBe(404);
          if (method !== "HEAD") expectError(r, 404);
        }
      }
      const { address } = newAccount();
      expectError(await devCall("POST", "fund", { address }), 404);
    } finally {
      process.env.RPC_URL = saved.RPC_URL;
      process.env.CHAIN_ID = saved.CHAIN_ID;
    }
  });

  it("on the real local anvil they exist: the outbox lists the mail, OPTIONS is a 405 (POST only)", async () => {
    expect(process.env.RPC_URL).toBe(rpcUrl);
    expect(await localOnlyAvailable()).toBe(true);
    expect(await pageStatus(() => OutboxPage())).toBe(200);
    expectError(await devCall("OPTIONS", "clearing"), 405);
    expectError(await devCall("GET", "clearing"), 405);
  });

  it("every local-only page and route goes through the one guard, none checks the chain itself", () => {
    const files = localOnlyFiles();
    expect(files).toEqual(
      expect.arrayContaining(["app/dev/outbox/page.tsx", "app/api/dev/[action]/route.ts"]),
    );
    for (const file of [...files, "app/layout.tsx"]) {
      const source = readFileSync(path.join(web, file), "utf8");
      expect(source, file).toContain('from "@/server/dev/local-only"');
      expect(source, file).not.toMatch(/chainId\s*[!=]==?\s*(31337|DEMO_CONTROLS_CHAIN_ID)/);
    }
  });
});
