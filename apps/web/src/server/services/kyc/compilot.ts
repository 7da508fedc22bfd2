import { KYC_STATUSES } from "../../db/schema";
import { KycProviderError, type KycInfo, type KycProvider } from "./types";

/** Compilot's person: `identityId`, else `customerId`, else the customer record's `id`. */
function identityIdOf(data: Record<string, unknown>): string | undefined {
  for (const key of ["identityId", "customerId", "id"]) {
    const v = data[key];
    if ((typeof v === "string" && v.trim()) || typeof v === "number") return `compilot-${v}`;
  }
  return undefined;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Compilot (Nexera) over HTTP. The transport is an injectable `fetch`, so tests swap in a fake at
 * that boundary only. Endpoints used (relative to COMPILOT_API_URL, bearer COMPILOT_API_KEY):
 * `GET customers/{address}`, `POST sessions` {address, isIndividual} -> {widgetUrl, sessionId},
 * `PATCH customers/{address}` {email}. Unknown statuses pass through as the provider sends them.
 */
export class CompilotKycProvider implements KycProvider {
  readonly name = "compilot";
  constructor(
    private readonly opts: {
      apiUrl: string;
      apiKey: string;
      fetch?: FetchLike;
      timeoutMs?: number;
    },
  ) {}

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const url = `${this.opts.apiUrl.replace(/\/$/, "")}/${path}`;
    const doFetch = this.opts.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.opts.apiKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new KycProviderError(`Compilot is unreachable: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok)
      throw new KycProviderError(`Compilot answered ${response.status} to ${method} ${path}`);
    return response.json();
  }

  async getCustomer(address: string): Promise<KycInfo> {
    const a = address.toLowerCase();
    const data = (await this.call("GET", `customers/${a}`)) as Record<string, unknown> | null;
    if (!data) return { address: a, status: "Not started", provider: this.name };
    return this.toInfo(a, data);
  }

  async startVerification(args: { address: string; isIndividual: boolean }) {
    const data = (await this.call("POST", "sessions", {
      address: args.address.toLowerCase(),
      isIndividual: args.isIndividual,
    })) as { widgetUrl?: unknown; sessionId?: unknown } | null;
    if (typeof data?.widgetUrl !== "string" || typeof data.sessionId !== "string") {
      throw new KycProviderError("Compilot answered a session without widgetUrl/sessionId");
    }
    return { widgetUrl: data.widgetUrl, sessionId: data.sessionId };
  }

  async updateEmail(address: string, email: string): Promise<KycInfo> {
    const a = address.toLowerCase();
    const data = (await this.call("PATCH", `customers/${a}`, { email })) as Record<
      string,
      unknown
    > | null;
    if (!data) throw new KycProviderError(`Compilot knows no customer ${a}`);
    return this.toInfo(a, data);
  }

  private toInfo(address: string, data: Record<string, unknown>): KycInfo {
    const status = typeof data.status === "string" ? data.status : "Not started";
    return {
      address,
      // Known statuses keep their spelling; others pass through (the UI treats them as "others").
      status: (KYC_STATUSES.find((k) => k.toLowerCase() === status.toLowerCase()) ??
        status) as KycInfo["status"],
      entityType: data.entityType === "business" ? "business" : "individual",
      fullName: typeof data.fullName === "string" ? data.fullName : undefined,
      email: typeof data.email === "string" ? data.email : null,
      provider: this.name,
      identityId: identityIdOf(data),
    };
  }
}
