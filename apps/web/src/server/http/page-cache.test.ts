// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  isCacheablePageRequest,
  PAGE_CACHE_FRESH_MS,
  PAGE_CACHE_MAX_STALE_MS,
  PAGE_CACHE_STALE_MS,
  PAGE_RENDER_WAIT_MS,
  PageCache,
  RENDER_NONCE_HEADER,
  RENDER_TOKEN_HEADER,
  type PageRenderer,
} from "./page-cache";

/**
 * A renderer that counts its renders and puts the placeholder nonce where Next puts a nonce.
 * `hold()` makes the next renders stall until `release()` (or `fail()`, which makes them throw).
 */
function counting(body = (n: number) => `page ${n}`) {
  const calls: string[] = [];
  let held: { promise: Promise<void>; release: () => void; fail: (e: Error) => void } | undefined;
  const render: PageRenderer = async (pathname, placeholder) => {
    calls.push(pathname);
    const n = calls.length;
    if (held) await held.promise;
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
      let release!: () => void;
      let fail!: (e: Error) => void;
      const promise = new Promise<void>((resolve, reject) => {
        release = resolve;
        fail = reject;
      });
      held = { promise, release, fail };
    },
    release() {
      held?.release();
      held = undefined;
    },
    fail() {
      held?.fail(new Error("socket hang up"));
      held = undefined;
    },
  };
}

/**
 * Runs the fake clock in 10 ms steps until `answer` settles: its value and how long (fake ms)
 * the visitor waited. Throws when it is not answered within a minute (a request left hanging).
 */
async function timed<T>(answer: Promise<T>): Promise<{ value: T; waited: number }> {
  const start = Date.now();
  let settled = false;
  let value!: T;
  void answer.then((v) => {
    settled = true;
    value = v;
  });
  await vi.advanceTimersByTimeAsync(0);
  while (!settled) {
    if (Date.now() - start > 60_000) throw new Error("the request was never answered");
    await vi.advanceTimersByTimeAsync(10);
  }
  return { value, waited: Date.now() - start };
}

/** Moves the fake clock to `ms` (since the test's start) without answering anything. */
const at = (ms: number) => vi.setSystemTime(ms);

const utf8 = new TextDecoder();
/** The cache's answer as text (it serves UTF-8 bytes). */
const text = (cache: PageCache, pathname: string, nonce: string) =>
  cache.get(pathname, nonce).then((bytes) => (bytes === null ? null : utf8.decode(bytes)));

const nonceOf = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe("page cache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A cache on the fake clock, starting at 0. */
  function fakeClockCache(render: PageRenderer) {
    vi.useFakeTimers();
    at(0);
    return new PageCache(render, () => Date.now());
  }

  it("renders a page once for concurrent visitors and gives each response its own nonce", async () => {
    // non-ASCII text in the page survives the cache's bytes
    const r = counting((n) => `page ${n} · 1 000 € – l’épargne`);
    r.hold();
    const cache = new PageCache(r.render, () => 0);
    const pending = [
      text(cache, "/", "nonceA"),
      text(cache, "/", "nonceB"),
      text(cache, "/", "nonceC"),
    ];
    r.release();
    const pages = await Promise.all(pending);
    expect(r.calls).toEqual(["/"]);
    expect(nonceOf(pages[0]!)).toEqual(["nonceA", "nonceA"]);
    expect(nonceOf(pages[1]!)).toEqual(["nonceB", "nonceB"]);
    expect(nonceOf(pages[2]!)).toEqual(["nonceC", "nonceC"]);
    expect(pages[1]).toBe(
      '<script nonce="nonceB">x</script><p>page 1 · 1 000 € – l’épargne</p><script nonce="nonceB"></script>',
    );
    // the placeholder the server rendered with is never sent
    for (const p of pages) expect(p).not.toMatch(/nonce="[0-9a-f]{32}"/);
  });

  it("serves nothing from before a clear, not even a render that was under way", async () => {
    const r = counting();
    const cache = new PageCache(r.render, () => 0);
    expect(await text(cache, "/", "n")).toContain("page 1");
    cache.clear();
    // the next visitor gets a new render, not the copy of before
    expect(await text(cache, "/", "n")).toContain("page 2");
    expect(r.calls).toHaveLength(2);

    // a render started before the clear finishes after it: its copy is not kept
    const later = counting((n) => `later ${n}`);
    later.hold();
    const stale = new PageCache(later.render, () => 0);
    const first = text(stale, "/lending", "n");
    await Promise.resolve();
    stale.clear();
    later.release();
    expect(await first).toBeNull();
    expect(await text(stale, "/lending", "n")).toContain("later 2");
    expect(later.calls).toHaveLength(2);
  });

  it("renders again after the fresh window and serves the stale copy meanwhile", async () => {
    const r = counting();
    const cache = fakeClockCache(r.render);
    expect((await timed(text(cache, "/lending", "n"))).value).toContain("page 1");
    at(PAGE_CACHE_FRESH_MS - 1);
    expect((await timed(text(cache, "/lending", "n"))).value).toContain("page 1");
    expect(r.calls).toHaveLength(1);

    // stale: the old copy at once, one new render behind it
    at(PAGE_CACHE_FRESH_MS + 1);
    r.hold();
    expect(await timed(text(cache, "/lending", "n"))).toEqual({
      value: expect.stringContaining("page 1"),
      waited: 0,
    });
    expect(await timed(text(cache, "/lending", "n"))).toEqual({
      value: expect.stringContaining("page 1"),
      waited: 0,
    });
    r.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toHaveLength(2);
    expect((await timed(text(cache, "/lending", "n"))).value).toContain("page 2");
    // each path has its own entry
    expect((await timed(text(cache, "/", "n"))).value).toContain("page 3");
  });

  it("counts a copy's freshness from the end of its render, so slow renders do not run back to back", async () => {
    const r = counting();
    const cache = fakeClockCache(r.render);
    r.hold();
    // no copy yet: the visitor waits a second, then is rendered normally
    expect((await timed(text(cache, "/", "n"))).value).toBeNull();
    // the render takes three fresh windows (a saturated server)
    at(3 * PAGE_CACHE_FRESH_MS);
    r.release();
    await vi.advanceTimersByTimeAsync(0);
    const finished = Date.now();

    // just under a window after the render finished: served as it is, no new render
    at(finished + PAGE_CACHE_FRESH_MS - 1);
    expect((await timed(text(cache, "/", "n"))).value).toContain("page 1");
    expect(r.calls).toHaveLength(1);

    // a window after it finished: one new render
    at(finished + PAGE_CACHE_FRESH_MS);
    expect((await timed(text(cache, "/", "n"))).value).toContain("page 1");
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toHaveLength(2);
  });

  it("keeps serving the last copy, at once, while a stalled render runs, and never past its bound", async () => {
    const r = counting();
    const cache = fakeClockCache(r.render);
    expect((await timed(text(cache, "/", "n"))).value).toContain("page 1");
    // the RPC stalls: the render started now does not answer
    r.hold();
    at(PAGE_CACHE_FRESH_MS);
    for (const t of [PAGE_CACHE_FRESH_MS, PAGE_CACHE_STALE_MS + 1, PAGE_CACHE_MAX_STALE_MS - 1]) {
      at(t);
      const { value, waited } = await timed(text(cache, "/", `nonce${t}`));
      expect(nonceOf(value!)).toEqual([`nonce${t}`, `nonce${t}`]);
      expect(value).toContain("page 1");
      expect(waited).toBe(0);
    }
    // one render for all of them
    expect(r.calls).toHaveLength(2);
    // the copy is as old as the bound: never served again; nobody waits on the stalled render
    at(PAGE_CACHE_MAX_STALE_MS);
    expect(await timed(text(cache, "/", "n"))).toEqual({ value: null, waited: 0 });
    expect(r.calls).toHaveLength(2);
    // the render answers at last: its copy is served until it is as old as the bound, counted
    // from its render's start (9 s ago), then never again
    r.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(await timed(text(cache, "/", "n"))).toEqual({
      value: expect.stringContaining("page 2"),
      waited: 0,
    });
    at(PAGE_CACHE_FRESH_MS + PAGE_CACHE_MAX_STALE_MS);
    expect(await timed(text(cache, "/", "n"))).toEqual({ value: null, waited: 0 });
    // that request started a new render, the RPC being quick again: the next visitor gets it
    await vi.advanceTimersByTimeAsync(0);
    expect(await timed(text(cache, "/", "n"))).toEqual({
      value: expect.stringContaining("page 3"),
      waited: 0,
    });
  });

  it("makes a visitor wait about a second at most for a render when there is no copy to serve", async () => {
    const r = counting();
    r.hold();
    const cache = fakeClockCache(r.render);
    const answered = (p: Promise<string | null>) => p.then((value) => ({ value, at: Date.now() }));
    // the first visitor waits for the render, gives up after PAGE_RENDER_WAIT_MS and is rendered
    // normally (null); one who comes later waits only until the render has run that long
    const first = answered(text(cache, "/lending", "a"));
    await vi.advanceTimersByTimeAsync(400);
    const second = answered(text(cache, "/lending", "b"));
    await vi.advanceTimersByTimeAsync(PAGE_RENDER_WAIT_MS);
    expect(await first).toEqual({ value: null, at: PAGE_RENDER_WAIT_MS });
    expect(await second).toEqual({ value: null, at: PAGE_RENDER_WAIT_MS });
    // the render still stalls: visitors are now rendered normally at once, by one render only
    expect(await timed(text(cache, "/lending", "c"))).toEqual({ value: null, waited: 0 });
    expect(r.calls).toHaveLength(1);
    r.release();
    await vi.advanceTimersByTimeAsync(0);
    // it answers at last: its copy is served from then on (while younger than the bound)
    expect((await timed(text(cache, "/lending", "d"))).value).toContain("page 1");
  });

  it("gives a copy past the stale window a second's chance to be replaced, then serves it until its bound", async () => {
    const r = counting();
    const cache = fakeClockCache(r.render);
    await timed(text(cache, "/", "n"));
    // nobody came for a while: the next visitor waits for the new render if it is quick
    at(PAGE_CACHE_STALE_MS + 500);
    r.hold();
    const quick = text(cache, "/", "n");
    await vi.advanceTimersByTimeAsync(200);
    r.release();
    expect(await timed(quick)).toEqual({ value: expect.stringContaining("page 2"), waited: 0 });
    // ... and gets the old copy after PAGE_RENDER_WAIT_MS when it is not
    at(PAGE_CACHE_STALE_MS + 500 + PAGE_CACHE_STALE_MS + 500);
    r.hold();
    const slow = await timed(text(cache, "/", "n"));
    expect(slow.value).toContain("page 2");
    expect(slow.waited).toBe(PAGE_RENDER_WAIT_MS);
    r.release();
  });

  it("renders again after a render that throws, and serves nothing from before it", async () => {
    const r = counting();
    const cache = fakeClockCache(r.render);
    await timed(text(cache, "/", "n"));
    at(PAGE_CACHE_FRESH_MS);
    r.hold();
    expect((await timed(text(cache, "/", "n"))).value).toContain("page 1");
    r.fail();
    await vi.advanceTimersByTimeAsync(0);
    // nothing kept: the next request renders again (and gets that render)
    expect(await timed(text(cache, "/", "n"))).toEqual({
      value: expect.stringContaining("page 3"),
      waited: 0,
    });
    expect(r.calls).toHaveLength(3);
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
      expect(await text(cache, "/", "n")).toBeNull();
      expect(await text(cache, "/", "n")).toBeNull();
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
