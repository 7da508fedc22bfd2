/**
 * Sign-in with Google: OpenID Connect, authorization code flow with PKCE (S256), a `state` bound to
 * the browser (an http-only cookie) and a `nonce` bound to the ID token, on `openid-client`
 * (docs/decisions.md: a certified relying party does discovery, the token exchange and the ID
 * token's signature, issuer, audience, expiry and nonce checks; we write none of it).
 *
 * A flow is stored (`oauth_flows`, keyed by the SHA-256 of its state) for 10 minutes and used
 * once: a replayed or forged callback finds nothing.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { ServerConfig } from "@/config/server";
import type { Database } from "../db/client";
import { oauthFlows } from "../db/schema";
import { badRequest, HttpError, notFound } from "../http/errors";
import type { Site } from "./sessions";

export const OAUTH_FLOW_TTL_MS = 10 * 60_000;
export const OAUTH_STATE_COOKIE = "lending_oauth_state";
export const SECURE_OAUTH_STATE_COOKIE = "__Host-lending_oauth_state";
export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";

export const GOOGLE_NOT_CONFIGURED_MESSAGE = "Google sign-in is not configured on this site";
export const GOOGLE_FAILED_MESSAGE = "Google sign-in failed: try again";
export const GOOGLE_EXPIRED_MESSAGE =
  "This Google sign-in has expired or was already used: start again";
export const GOOGLE_UNAVAILABLE_MESSAGE = "Google sign-in is unavailable: try again later";

type Google = NonNullable<ServerConfig["google"]>;

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
/** Discovery documents and keys are cached for an hour per issuer and client. */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** Forgets every cached discovery (tests sharing one process: an issuer's port may come again). */
export function clearIssuerCache(): void {
  discovered.clear();
}

function isLoopback(url: URL): boolean {
  return url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
}

/** The issuer's configuration (discovery), cached; plain http only for a loopback issuer (tests). */
async function issuerConfig(google: Google): Promise<oidc.Configuration> {
  const key = `${google.issuer}|${google.clientId}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(google.issuer);
  const insecure = issuer.protocol === "http:" && isLoopback(issuer);
  const config = oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, {
    execute: insecure ? [oidc.allowInsecureRequests] : [],
  });
  discovered.set(key, { at: Date.now(), config });
  config.catch(() => discovered.delete(key));
  return config;
}

/** {@link issuerConfig}, or 503 when the issuer cannot be reached. */
async function availableIssuerConfig(google: Google): Promise<oidc.Configuration> {
  try {
    return await issuerConfig(google);
  } catch (error) {
    console.error("[google] discovery failed:", error);
    throw new HttpError(503, GOOGLE_UNAVAILABLE_MESSAGE);
  }
}

/** A path of this site to come back to after sign-in (never another origin). */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return "/lending";
  }
  if (value.length > 512 || /\p{Cc}/u.test(value)) return "/lending";
  return value;
}

export function requireGoogle(config: ServerConfig): Google {
  if (!config.google) throw notFound(GOOGLE_NOT_CONFIGURED_MESSAGE);
  return config.google;
}

/**
 * Starts a sign-in: stores the flow and answers Google's authorization URL and the state for the
 * browser's cookie.
 */
export async function startGoogleSignIn(
  db: Database,
  google: Google,
  site: Site,
  args: { returnTo: string; now?: number },
): Promise<{ url: URL; state: string }> {
  const now = args.now ?? Date.now();
  const config = await availableIssuerConfig(google);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, new Date(now)));
  await db.insert(oauthFlows).values({
    stateHash: sha256(state),
    codeVerifier,
    nonce,
    returnTo: args.returnTo,
    expiresAt: new Date(now + OAUTH_FLOW_TTL_MS),
    createdAt: new Date(now),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${site.origin}${GOOGLE_CALLBACK_PATH}`,
    scope: "openid email",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    prompt: "select_account",
  });
  return { url, state };
}

/**
 * Who signed in. `emailOwned`: Google verified the email and is its authority (a Gmail address,
 * or a Google Workspace account: the `hd` claim). It joins no account either way: a Google
 * sign-in reaches only the account of its `sub` (issue 24, item 1).
 */
export type GoogleIdentity = { sub: string; email?: string; emailOwned: boolean };

export function ownsEmail(claims: { email?: unknown; email_verified?: unknown; hd?: unknown }) {
  if (claims.email_verified !== true || typeof claims.email !== "string") return false;
  const domain = claims.email.toLowerCase().split("@")[1] ?? "";
  return domain === "gmail.com" || domain === "googlemail.com" || typeof claims.hd === "string";
}

/**
 * Finishes a sign-in: the callback's `state` must be the one in this browser's cookie and name a
 * stored, unexpired, unused flow; the code is exchanged with the PKCE verifier and the ID token
 * checked (signature, issuer, audience, expiry, nonce). Answers who signed in and where to go.
 *
 * @throws {HttpError} 400 a state that is missing or not this browser's, or Google's error,
 *   410 an unknown, expired or used flow, 401 a failed exchange or ID token check.
 */
export async function finishGoogleSignIn(
  db: Database,
  google: Google,
  site: Site,
  args: { callbackUrl: URL; cookieState: string | undefined; now?: number },
): Promise<{ identity: GoogleIdentity; returnTo: string }> {
  const now = args.now ?? Date.now();
  const params = args.callbackUrl.searchParams;
  const state = params.get("state");
  if (!state || !args.cookieState || state !== args.cookieState) {
    throw badRequest("The sign-in did not start in this browser: start again");
  }
  const [flow] = await db
    .delete(oauthFlows)
    .where(and(eq(oauthFlows.stateHash, sha256(state)), gt(oauthFlows.expiresAt, new Date(now))))
    .returning();
  if (!flow) throw new HttpError(410, GOOGLE_EXPIRED_MESSAGE);
  if (params.get("error")) throw badRequest(GOOGLE_FAILED_MESSAGE);
  const config = await availableIssuerConfig(google);
  // the redirect URI exactly as sent (the public origin, not a proxy's internal URL)
  const current = new URL(`${site.origin}${GOOGLE_CALLBACK_PATH}${args.callbackUrl.search}`);
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error("no subject in the ID token");
    return {
      identity: {
        sub: String(claims.sub),
        ...(typeof claims.email === "string" && claims.email_verified === true
          ? { email: claims.email }
          : {}),
        emailOwned: ownsEmail(
          claims as { email?: unknown; email_verified?: unknown; hd?: unknown },
        ),
      },
      returnTo: flow.returnTo,
    };
  } catch (error) {
    console.error("[google] sign-in failed:", (error as Error).message);
    throw new HttpError(401, GOOGLE_FAILED_MESSAGE);
  }
}

export const GOOGLE_ERROR_CODES = ["state", "expired", "unavailable", "failed"] as const;
export type GoogleErrorCode = (typeof GOOGLE_ERROR_CODES)[number];

/** The code a failed callback redirects with (the page shows the catalog text of it). */
export function googleErrorCode(error: unknown): GoogleErrorCode {
  if (error instanceof HttpError) {
    if (error.statusCode === 400) return "state";
    if (error.statusCode === 410) return "expired";
    if (error.statusCode === 503) return "unavailable";
    if (error.statusCode === 401) return "failed";
  }
  console.error("[google] callback failed:", error);
  return "failed";
}

/** The Set-Cookie value that binds a flow's state to this browser for 10 minutes. */
export function oauthStateCookie(site: Site, state: string): string {
  const name = site.secure ? SECURE_OAUTH_STATE_COOKIE : OAUTH_STATE_COOKIE;
  return `${name}=${state}; Path=/; Max-Age=${OAUTH_FLOW_TTL_MS / 1000}; HttpOnly; SameSite=Lax${site.secure ? "; Secure" : ""}`;
}

export function clearedOauthStateCookie(site: Site): string {
  const name = site.secure ? SECURE_OAUTH_STATE_COOKIE : OAUTH_STATE_COOKIE;
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${site.secure ? "; Secure" : ""}`;
}

/** The flow state in this browser's cookie, if well-formed. */
export function oauthStateOf(request: Request, site: Site): string | undefined {
  const name = site.secure ? SECURE_OAUTH_STATE_COOKIE : OAUTH_STATE_COOKIE;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    if (/^[A-Za-z0-9_-]{16,128}$/.test(value)) return value;
  }
  return undefined;
}
