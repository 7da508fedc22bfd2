import type { Page, Route } from "@playwright/test";

type RpcCall = { jsonrpc?: string; id: number | string; method: string; params?: unknown[] };

/**
 * Makes the chain refuse some of the page's JSON-RPC calls, as a node would: calls to `rpcUrl`
 * from the browser (single or batched) that match `refuse` are answered with `error`; the rest
 * go to the node unchanged. Calls made by the test wallet (in Node) are not affected. Answers a
 * counter of the refused calls.
 */
export async function refuseRpcCalls(
  page: Page,
  rpcUrl: string,
  refuse: (call: RpcCall) => boolean,
  error: { code: number; message: string },
) {
  const refused: RpcCall[] = [];
  const origin = new URL(rpcUrl).origin;
  await page.route(
    (url) => url.origin === origin,
    async (route: Route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = request.postDataJSON() as RpcCall | RpcCall[];
      const calls = Array.isArray(body) ? body : [body];
      const hits = calls.filter(refuse);
      if (hits.length === 0) return route.continue();
      refused.push(...hits);
      const rest = calls.filter((c) => !refuse(c));
      const answered = rest.length
        ? ((await (
            await fetch(rpcUrl, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(rest),
            })
          ).json()) as { id: number | string }[])
        : [];
      const replies = calls.map((c) =>
        refuse(c) ? { jsonrpc: "2.0", id: c.id, error } : answered.find((a) => a.id === c.id),
      );
      await route.fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "access-control-allow-origin": "*" },
        body: JSON.stringify(Array.isArray(body) ? replies : replies[0]),
      });
    },
  );
  return { refused };
}
