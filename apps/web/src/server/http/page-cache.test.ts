import { describe, expect, it } from "vitest";
import {
  isCacheablePageRequest,
  PAGE_CACHE_FRESH_MS,
  PAGE_CACHE_STALE_MS,
  PageCache,
  RENDER_NONCE_HEADER,
  RENDER_TOKEN_HEADER,
  type PageRenderer,
} from "./page-cache";

/** A renderer that counts its renders and puts the placeholder nonce where Next puts a nonce. */
function counting(body = (n: number) => `page ${n}`) {
  const calls: string[] = [];
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const render: PageRenderer = async (pathname, placeholder) => {
    calls.push(pathname);
    if (gate) await gate;
    const n = calls.length;
    return {
      status: 200,
      contentType: "text/html; charset=utf-8",
      html: `<script nonce="${placeholder}">x</script><p>${body(n)}</p><script nonce="${placeholder}"></script>`,
    };
  };
  return {
    render,
    calls,
    hold() {
      gate = new Promise((r) => (release = r));
    },
    release() {
      gate = undefined;
      release?.();
    },
  };
}

const nonceOf = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe("page cache", () => {
  it("renders a page once for concurrent visitors and gives each response its own nonce", async () => {
    const r = counting();
    r.hold();
    const cache = new PageCache(r.render, () => 0);
    const pending = [cache.get("/", "nonceA"), cache.get("/", "nonceB"), cache.get("/", "nonceC")];
    r.release();
    const pages = await Promise.all(pending);
    expect(r.calls).toEqual(["/"]);
    expect(nonceOf(pages[0]!)).toEqual(["nonceA", "nonceA"]);
    expect(nonceOf(pages[1]!)).toEqual(["nonceB", "nonceB"]);
    expect(nonceOf(pages[2]!)).toEqual(["nonceC", "nonceC"]);
    // the placeholder the server rendered with is never sent
    for (const p of pages) expect(p).not.toMatch(/nonce="[0-9a-f]{32}"/);
  });

  it("renders again after the fresh window, serves the stale copy meanwhile, and waits once it is too old", async () => {
    let now = 0;
    const r = counting();
    const cache = new PageCache(r.render, () => now);
    expect(await cache.get("/lending", "n")).toContain("page 1");
    now = PAGE_CACHE_FRESH_MS - 1;
    expect(await cache.get("/lending", "n")).toContain("page 1");
    expect(r.calls).toHaveLength(1);

    // stale: the old copy now, one new render behind it
    now = PAGE_CACHE_FRESH_MS + 1;
    r.hold();
    expect(await cache.get("/lending", "n")).toContain("page 1");
    expect(await cache.get("/lending", "n")).toContain("page 1");
    r.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(r.calls).toHaveLength(2);
    expect(await cache.get("/lending", "n")).toContain("page 2");

    // too old to serve: the request waits for the new render
    now += PAGE_CACHE_STALE_MS;
    expect(await cache.get("/lending", "n")).toContain("page 3");
    // each path has its own entry
    expect(await cache.get("/", "n")).toContain("page 4");
  });

  it("keeps nothing when the render fails, answers an error or renders without the nonce", async () => {
    const cases: PageRenderer[] = [
      async () => {
        throw new Error("ECONNREFUSED");
      },
      async (_p, ph) => ({
        status: 500,
        contentType: "text/html",
        html: `<p nonce="${ph}">error</p>`,
      }),
      async (_p, ph) => ({ status: 200, contentType: "application/json", html: `{"n":"${ph}"}` }),
      async () => ({ status: 200, contentType: "text/html", html: "<p>no nonce</p>" }),
    ];
    for (const render of cases) {
      let calls = 0;
      const cache = new PageCache(async (p, ph) => {
        calls += 1;
        return render(p, ph);
      });
      // null: the request is rendered normally; the next request tries again
      expect(await cache.get("/", "n")).toBeNull();
      expect(await cache.get("/", "n")).toBeNull();
      expect(calls).toBe(2);
    }
  });

  it("gives the placeholder nonce only to its own render request", () => {
    const cache = new PageCache(counting().render);
    const placeholder = "0123456789abcdef0123456789abcdef";
    const headers = (token: string | null, nonce: string | null) => {
      const h = new Headers();
      if (token !== null) h.set(RENDER_TOKEN_HEADER, token);
      if (nonce !== null) h.set(RENDER_NONCE_HEADER, nonce);
      return h;
    };
    expect(cache.renderNonce(headers(cache.token, placeholder))).toBe(placeholder);
    // a visitor who sends the headers without the process's secret token gets a fresh nonce
    expect(cache.renderNonce(headers("guess", placeholder))).toBeNull();
    expect(cache.renderNonce(headers(null, placeholder))).toBeNull();
    expect(cache.renderNonce(headers(cache.token, null))).toBeNull();
    // only a hex placeholder: nothing that could break out of an attribute or a header
    expect(cache.renderNonce(headers(cache.token, `${placeholder}' 'unsafe-inline`))).toBeNull();
    expect(new PageCache(counting().render).token).not.toBe(cache.token);
  });

  it("answers only a browser's document GETs of / and /lending", () => {
    const req = (
      over: Partial<{ method: string; pathname: string; search: string }>,
      h: Record<string, string> = {},
    ) =>
      isCacheablePageRequest({
        method: "GET",
        pathname: "/lending",
        search: "",
        headers: new Headers({ accept: "text/html,application/xhtml+xml", ...h }),
        ...over,
      });
    expect(req({})).toBe(true);
    expect(req({ pathname: "/" })).toBe(true);
    expect(req({ pathname: "/portfolio" })).toBe(false);
    expect(req({ pathname: "/lending/0x01" })).toBe(false);
    expect(req({ search: "?ref=abc" })).toBe(false);
    expect(req({ method: "POST" })).toBe(false);
    expect(req({ method: "HEAD" })).toBe(false);
    expect(req({}, { rsc: "1" })).toBe(false);
    expect(req({}, { "next-router-prefetch": "1" })).toBe(false);
    expect(req({}, { "next-router-state-tree": "x" })).toBe(false);
    expect(req({}, { "next-action": "abc" })).toBe(false);
    expect(req({}, { [RENDER_TOKEN_HEADER]: "x" })).toBe(false);
    // the router's RSC fetches (whose flight headers and _rsc query Next hides from the proxy)
    // accept anything but HTML: never answered with the cached document
    expect(req({}, { accept: "*/*" })).toBe(false);
    expect(req({}, { accept: "text/x-component" })).toBe(false);
  });
});
