/**
 * The public pages that render the same for every visitor (`/` and /lending: no cookie, no
 * session, no query string; their chain reads come from initial-reads' cache) are rendered once
 * per {@link PAGE_CACHE_FRESH_MS} and served from memory in between, each response with its own
 * CSP nonce.
 *
 * Every page is dynamic because its Content Security Policy carries a fresh nonce, so without
 * this each request would render React on the server (about 9 ms of CPU per page on this
 * machine). The cache renders the page through the server itself with a placeholder nonce (128
 * random bits, hex, known only to this process, never sent to a client) and replaces it with the
 * request's nonce in the copy it sends: the nonce stays per response and unguessable.
 *
 * Stale-while-revalidate, with every wait and every copy bounded. A copy is fresh for
 * {@link PAGE_CACHE_FRESH_MS} counted from the end of the render that made it (so a render slower
 * than that window is not stale on arrival, and under load renders do not run back to back);
 * the hard bound {@link PAGE_CACHE_MAX_STALE_MS} counts from the render's start (its chain reads
 * are at least that old). Past the fresh window one render replaces it (concurrent requests
 * share that render) and meanwhile:
 * - a copy younger than {@link PAGE_CACHE_STALE_MS} is served at once;
 * - an older one, or none, makes the request wait for the render, but only until the render has
 *   run for {@link PAGE_RENDER_WAIT_MS}: a render that stalls (a slow RPC, a saturated server)
 *   costs each visitor at most that, and once it has run that long every visitor is answered at
 *   once;
 * - after the wait the request gets the new copy, else the last copy while it is younger than
 *   {@link PAGE_CACHE_MAX_STALE_MS}, else null (it is rendered normally). No copy is ever served
 *   past that bound.
 * A render that fails or answers anything but 200 HTML is not kept and drops the last copy (the
 * page is rendered normally until a render succeeds); the next request renders again.
 */

/** The paths served from the cache (exact pathnames). */
export const CACHED_PAGES = new Set(["/", "/lending"]);
/** A copy younger than this is served as it is. */
export const PAGE_CACHE_FRESH_MS = 1_000;
/** A copy younger than this is served at once while one render replaces it. */
export const PAGE_CACHE_STALE_MS = 5_000;
/**
 * No copy older than this is ever served (the same bound as a page's cached chain reads,
 * initial-reads' CHAIN_READ_MAX_STALE_MS): past {@link PAGE_CACHE_STALE_MS} it is served only to
 * a request that waited {@link PAGE_RENDER_WAIT_MS} for its replacement in vain.
 */
export const PAGE_CACHE_MAX_STALE_MS = 10_000;
/** A request waits for a render only until that render has run this long. */
export const PAGE_RENDER_WAIT_MS = 1_000;
/** A render is abandoned after this (and counts as failed): the next request renders again. */
export const PAGE_RENDER_TIMEOUT_MS = 15_000;

/** The header that marks the cache's own render request, and the one that carries its nonce. */
export const RENDER_TOKEN_HEADER = "x-page-cache-render";
export const RENDER_NONCE_HEADER = "x-page-cache-nonce";

/**
 * A rendered copy, kept as UTF-8 bytes split at the placeholder nonce (a response is those parts
 * joined by its own nonce: no string scan or re-encoding of the page per request); `at` is when
 * its render started, `doneAt` when it finished.
 */
type Entry = { parts: Uint8Array[]; at: number; doneAt: number };

const utf8 = new TextEncoder();

/** `parts` joined by `nonce` (ASCII), as one buffer. */
function join(parts: Uint8Array[], nonce: string): Uint8Array<ArrayBuffer> {
  const sep = utf8.encode(nonce);
  let length = sep.length * (parts.length - 1);
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  parts.forEach((p, i) => {
    if (i > 0) {
      out.set(sep, offset);
      offset += sep.length;
    }
    out.set(p, offset);
    offset += p.length;
  });
  return out;
}
/** The render in flight for a path; it never rejects (null: nothing was kept). */
type Render = { done: Promise<Entry | null>; startedAt: number };

export type PageRenderer = (
  pathname: string,
  placeholder: string,
) => Promise<{ status: number; contentType: string | null; html: string }>;

function randomHex(bytes: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
}

/**
 * Whether a request may be answered from the cache: a browser's document GET of a cached path.
 * Next strips the router's flight headers (`RSC`, `Next-Router-*`) and its `_rsc` query from
 * what the proxy sees, so a client navigation or prefetch (which asks for the RSC payload, not
 * HTML) is told apart by its Accept header: only a document request accepts `text/html`.
 */
export function isCacheablePageRequest(request: {
  method: string;
  pathname: string;
  search: string;
  headers: Headers;
}): boolean {
  if (request.method !== "GET") return false;
  if (!CACHED_PAGES.has(request.pathname) || request.search !== "") return false;
  const h = request.headers;
  if (!(h.get("accept") ?? "").includes("text/html")) return false;
  // client-side navigations and prefetches ask for the RSC payload, not the HTML
  if (h.has("rsc") || h.has("next-router-prefetch") || h.has("next-router-state-tree"))
    return false;
  if (h.has("next-action") || h.has(RENDER_TOKEN_HEADER)) return false;
  return true;
}

export class PageCache {
  /** Proves a render request comes from this process (compared in {@link renderNonce}). */
  readonly token = randomHex(32);
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Render>();
  /** Bumped by {@link clear}: a render started before it stores nothing. */
  private generation = 0;

  constructor(
    private readonly render: PageRenderer,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The placeholder nonce of the cache's own render request, or null for any other request
   * (a wrong or missing token: the request gets a fresh nonce like every other).
   */
  renderNonce(headers: Headers): string | null {
    const token = headers.get(RENDER_TOKEN_HEADER);
    const nonce = headers.get(RENDER_NONCE_HEADER);
    if (token === null || nonce === null || token !== this.token) return null;
    return /^[0-9a-f]{32}$/.test(nonce) ? nonce : null;
  }

  /**
   * The page's HTML (UTF-8) with `nonce` in place of the placeholder, or null to render normally.
   */
  async get(pathname: string, nonce: string): Promise<Uint8Array<ArrayBuffer> | null> {
    const entry = this.entries.get(pathname);
    // freshness counts from the end of the render (the hard bound below, from its start)
    const age = entry ? this.now() - entry.doneAt : Infinity;
    if (age >= PAGE_CACHE_FRESH_MS) {
      const render = this.refresh(pathname);
      // a copy this young is served while the render runs; else wait for it, but not for long
      if (age >= PAGE_CACHE_STALE_MS) await this.waitFor(render);
    }
    // the new copy if the render finished, else the last one while it is young enough
    const served = this.entries.get(pathname);
    if (!served || this.now() - served.at >= PAGE_CACHE_MAX_STALE_MS) return null;
    return join(served.parts, nonce);
  }

  /**
   * Forgets every copy and every render under way: what they show is out of date (the dev
   * panel's demo controls moved the chain's clock or played a default).
   */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
  }

  /** Resolves when `render` finishes or has run {@link PAGE_RENDER_WAIT_MS}, whichever is first. */
  private async waitFor(render: Render): Promise<void> {
    const left = render.startedAt + PAGE_RENDER_WAIT_MS - this.now();
    if (left <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, left)));
    try {
      await Promise.race([render.done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private refresh(pathname: string): Render {
    const running = this.inflight.get(pathname);
    if (running) return running;
    const placeholder = randomHex(16);
    const startedAt = this.now();
    const generation = this.generation;
    const done = Promise.resolve()
      .then(() => this.render(pathname, placeholder))
      .then((r) => {
        if (generation !== this.generation) return null;
        const html = r.contentType?.startsWith("text/html") && r.status === 200 ? r.html : null;
        if (html === null || !html.includes(placeholder)) {
          this.entries.delete(pathname);
          return null;
        }
        const entry = {
          parts: html.split(placeholder).map((part) => utf8.encode(part)),
          at: startedAt,
          doneAt: this.now(),
        };
        this.entries.set(pathname, entry);
        return entry;
      })
      .catch(() => {
        if (generation === this.generation) this.entries.delete(pathname);
        return null;
      })
      .finally(() => {
        if (this.inflight.get(pathname) === render) this.inflight.delete(pathname);
      });
    const render: Render = { done, startedAt };
    this.inflight.set(pathname, render);
    return render;
  }
}

/** Renders a page through this server (the origin `next start` listens on). */
function selfRenderer(token: () => string): PageRenderer {
  return async (pathname, placeholder) => {
    const origin = process.env.__NEXT_PRIVATE_ORIGIN;
    if (!origin) throw new Error("the server's own origin is unknown");
    const res = await fetch(new URL(pathname, origin), {
      headers: { [RENDER_TOKEN_HEADER]: token(), [RENDER_NONCE_HEADER]: placeholder },
      redirect: "manual",
      signal: AbortSignal.timeout(PAGE_RENDER_TIMEOUT_MS),
    });
    return {
      status: res.status,
      contentType: res.headers.get("content-type"),
      html: await res.text(),
    };
  };
}

const KEY = Symbol.for("lending.pageCache");

/** The process's page cache (one per server process, shared by every request). */
export function pageCache(): PageCache {
  const g = globalThis as { [KEY]?: PageCache };
  if (!g[KEY]) {
    const cache: PageCache = new PageCache(selfRenderer(() => cache.token));
    g[KEY] = cache;
  }
  return g[KEY];
}
