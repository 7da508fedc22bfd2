// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./errors";
import {
  configReader,
  LOCAL_KYC_SIGNER_PRIVATE_KEY,
  LOCAL_MAIL_LINK_SECRET,
  parseServerConfig,
  toPublicConfig,
} from "./server";

const repoRoot = path.resolve(__dirname, "../../../..");

describe("parseServerConfig", () => {
  it("applies the defaults", () => {
    const c = parseServerConfig({}, repoRoot);
    expect(c).toMatchObject({
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:8545",
      publicRpcUrl: "http://127.0.0.1:8545",
      productSymbol: "KSU",
      subordinationDocsUrl: "/docs#subordination-of-loans",
    });
    expect(c.walletConnectProjectId).toBeUndefined();
    expect(c.databaseUrl).toBeUndefined();
    expect(c.pgliteDir).toBe(path.join(repoRoot, ".data/pglite"));
  });

  it("finds the repo root from a workspace folder", () => {
    const c = parseServerConfig({}, path.join(repoRoot, "apps/web"));
    expect(c.pgliteDir).toBe(path.join(repoRoot, ".data/pglite"));
  });

  it("reads every variable", () => {
    const c = parseServerConfig(
      {
        CHAIN_ID: "84532",
        RPC_URL: "http://10.0.0.1:8545",
        PUBLIC_RPC_URL: "https://rpc.example.org",
        WALLETCONNECT_PROJECT_ID: "abc123",
        PRODUCT_SYMBOL: "XYZ",
        SUBORDINATION_DOCS_URL: "https://docs.example.org/subordination",
        DATABASE_URL: "postgres://u:p@127.0.0.1:5432/db",
        PGLITE_DIR: "/tmp/pg",
        KYC_SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
        SMTP_URL: "smtp://u:p@mail.example.org:587",
        MAIL_FROM: "no-reply@example.org",
        APP_URL: "https://app.example.org/",
        INDEXER_URL: "https://indexer.example.org/",
      },
      repoRoot,
    );
    expect(c).toMatchObject({
      chainId: 84532,
      rpcUrl: "http://10.0.0.1:8545",
      publicRpcUrl: "https://rpc.example.org",
      walletConnectProjectId: "abc123",
      productSymbol: "XYZ",
      subordinationDocsUrl: "https://docs.example.org/subordination",
      databaseUrl: "postgres://u:p@127.0.0.1:5432/db",
      pgliteDir: "/tmp/pg",
      mail: { smtpUrl: "smtp://u:p@mail.example.org:587", from: "no-reply@example.org" },
      appUrl: "https://app.example.org",
      indexerUrl: "https://indexer.example.org",
    });
    expect(c.kyc).toMatchObject({ provider: "local", localAutoApprove: false });
  });

  it("reads the optional borrower contact address (CONTACT_EMAIL)", () => {
    const c = parseServerConfig({ CONTACT_EMAIL: "borrowers@example.org" }, repoRoot);
    expect(c.mail.contact).toBe("borrowers@example.org");
    expect(() => parseServerConfig({ CONTACT_EMAIL: "nope" }, repoRoot)).toThrow(/CONTACT_EMAIL/);
  });

  it("reads the feature flags: the token launch on by default on 31337 only, unreleased features by name", () => {
    expect(parseServerConfig({}, repoRoot).features).toEqual({ tokenLaunch: true, unreleased: [] });
    const sepolia = {
      CHAIN_ID: "84532",
      RPC_URL: "https://sepolia.base.org",
      APP_URL: "https://app.example.org",
      INDEXER_URL: "https://indexer.example.org",
      KYC_SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
    };
    expect(parseServerConfig(sepolia, repoRoot).features.tokenLaunch).toBe(false);
    expect(parseServerConfig({ ...sepolia, CHAIN_ID: "8453" }, repoRoot).features.tokenLaunch).toBe(
      false,
    );
    expect(
      parseServerConfig({ ...sepolia, FEATURE_TOKEN_LAUNCH: "true" }, repoRoot).features
        .tokenLaunch,
    ).toBe(true);
    expect(
      parseServerConfig({ FEATURE_TOKEN_LAUNCH: "false" }, repoRoot).features.tokenLaunch,
    ).toBe(false);
    expect(
      parseServerConfig({ FEATURE_UNRELEASED: "referral, lock" }, repoRoot).features.unreleased,
    ).toEqual(["referral", "lock"]);
    expect(() => parseServerConfig({ FEATURE_UNRELEASED: "referral,teleport" }, repoRoot)).toThrow(
      /FEATURE_UNRELEASED/,
    );
    expect(() => parseServerConfig({ FEATURE_TOKEN_LAUNCH: "yes" }, repoRoot)).toThrow(
      /FEATURE_TOKEN_LAUNCH/,
    );
  });

  it("reads REFERRAL_FEE_SHARE (default 10%) and NFT_COLLECTION_ADDRESS", () => {
    const c = parseServerConfig({}, repoRoot);
    expect(c.referralFeeShare).toBe(0.1);
    expect(c.nftCollection).toBeUndefined();
    const nft = "0x00000000000000000000000000000000000000aa";
    expect(
      parseServerConfig({ REFERRAL_FEE_SHARE: "0.25", NFT_COLLECTION_ADDRESS: nft }, repoRoot),
    ).toMatchObject({ referralFeeShare: 0.25, nftCollection: nft });
    for (const bad of ["1.5", "-0.1", "ten"]) {
      expect(() => parseServerConfig({ REFERRAL_FEE_SHARE: bad }, repoRoot)).toThrow(
        /REFERRAL_FEE_SHARE/,
      );
    }
    expect(() => parseServerConfig({ NFT_COLLECTION_ADDRESS: "0x12" }, repoRoot)).toThrow(
      /NFT_COLLECTION_ADDRESS/,
    );
  });

  it("reads NO_DEPOSIT_TTL_MS (default 30 s, 1 s to 1 day, whole milliseconds)", () => {
    expect(parseServerConfig({}, repoRoot).noDepositTtlMs).toBe(30_000);
    expect(parseServerConfig({ NO_DEPOSIT_TTL_MS: "" }, repoRoot).noDepositTtlMs).toBe(30_000);
    expect(parseServerConfig({ NO_DEPOSIT_TTL_MS: "1000" }, repoRoot).noDepositTtlMs).toBe(1_000);
    expect(parseServerConfig({ NO_DEPOSIT_TTL_MS: "86400000" }, repoRoot).noDepositTtlMs).toBe(
      86_400_000,
    );
    for (const bad of ["999", "86400001", "1500.5", "soon", "-1000"]) {
      expect(() => parseServerConfig({ NO_DEPOSIT_TTL_MS: bad }, repoRoot)).toThrow(
        /NO_DEPOSIT_TTL_MS: must be a whole number of milliseconds from 1000 to 86400000/,
      );
    }
  });

  it("reads the per-minute budgets (30 state-changing requests and 120 reads by default, 1 to 100,000)", () => {
    expect(parseServerConfig({}, repoRoot).rateLimits).toEqual({
      postsPerMinute: 30,
      readsPerMinute: 120,
    });
    expect(
      parseServerConfig(
        { RATE_LIMIT_POSTS_PER_MINUTE: "600", RATE_LIMIT_READS_PER_MINUTE: " " },
        repoRoot,
      ).rateLimits,
    ).toEqual({ postsPerMinute: 600, readsPerMinute: 120 });
    for (const name of ["RATE_LIMIT_POSTS_PER_MINUTE", "RATE_LIMIT_READS_PER_MINUTE"]) {
      for (const bad of ["0", "100001", "2.5", "many", "-30"]) {
        expect(() => parseServerConfig({ [name]: bad }, repoRoot)).toThrow(
          new RegExp(`${name}: must be a whole number from 1 to 100000`),
        );
      }
    }
  });

  it("Google sign-in needs both its client id and secret; only its flag reaches the browser; the on-ramp must be https with {address}", () => {
    const plain = parseServerConfig({}, repoRoot);
    expect(plain.google).toBeUndefined();
    expect(toPublicConfig(plain).googleSignIn).toBeUndefined();
    expect(toPublicConfig(plain).onRamp).toBeUndefined();
    const google = parseServerConfig(
      { GOOGLE_CLIENT_ID: "id.apps", GOOGLE_CLIENT_SECRET: "s3cret" },
      repoRoot,
    );
    expect(google.google).toEqual({
      clientId: "id.apps",
      clientSecret: "s3cret",
      issuer: "https://accounts.google.com",
    });
    const pub = toPublicConfig(google);
    expect(pub.googleSignIn).toBe(true);
    // neither the secret nor the client id is handed to the browser
    expect(JSON.stringify(pub)).not.toContain("s3cret");
    expect(JSON.stringify(pub)).not.toContain("id.apps");
    expect(() => parseServerConfig({ GOOGLE_CLIENT_ID: "id.apps" }, repoRoot)).toThrow(
      /GOOGLE_CLIENT_SECRET/,
    );
    expect(() => parseServerConfig({ GOOGLE_CLIENT_SECRET: "s3cret" }, repoRoot)).toThrow(
      /GOOGLE_CLIENT_ID/,
    );
    expect(() => parseServerConfig({ GOOGLE_ISSUER: "accounts.google.com" }, repoRoot)).toThrow(
      /GOOGLE_ISSUER/,
    );
    const onRamp = "https://pay.example/buy?to={address}&chain={chainId}";
    expect(toPublicConfig(parseServerConfig({ ONRAMP_URL: onRamp }, repoRoot)).onRamp).toEqual({
      urlTemplate: onRamp,
      name: "On-ramp",
    });
    for (const bad of ["http://pay.example/{address}", "https://pay.example/buy"]) {
      expect(() => parseServerConfig({ ONRAMP_URL: bad }, repoRoot)).toThrow(/ONRAMP_URL/);
    }
  });

  it("needs INDEXER_URL off the local chain; defaults to the local indexer on 31337", () => {
    expect(parseServerConfig({}, repoRoot).indexerUrl).toBe("http://127.0.0.1:42069");
    const sepolia = {
      CHAIN_ID: "84532",
      KYC_SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
      APP_URL: "https://app.example.org",
    };
    expect(() => parseServerConfig(sepolia, repoRoot)).toThrow(
      /INDEXER_URL: is required on chain 84532/,
    );
    expect(() => parseServerConfig({ INDEXER_URL: "ftp://x" }, repoRoot)).toThrow(/INDEXER_URL/);
  });

  it("reads the deployment of DEPLOYMENT_FILE (it must be CHAIN_ID's) and hands it to the browser", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "config-deployment-"));
    try {
      const record = {
        chainId: 84532,
        lendingPoolManager: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
        usdc: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        ksu: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
        ksuLocking: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
        requestNft: "0xd8058efe0198ae9dD7D563e1b4938Dcbc86A1F81",
        deployBlock: 4,
      };
      const file = path.join(dir, "84532.json");
      writeFileSync(file, JSON.stringify(record));
      const sepolia = {
        CHAIN_ID: "84532",
        KYC_SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
        APP_URL: "https://app.example.org",
        INDEXER_URL: "http://10.0.0.2:42069",
        DEPLOYMENT_FILE: file,
      };
      const config = parseServerConfig(sepolia, repoRoot);
      expect(config.deployment).toEqual(record);
      expect(toPublicConfig(config).deployment).toEqual(record);
      // unset: the SDK's own records, nothing handed over
      expect(parseServerConfig({}, repoRoot).deployment).toBeUndefined();
      expect(() => parseServerConfig({ ...sepolia, CHAIN_ID: "8453" }, repoRoot)).toThrow(
        /DEPLOYMENT_FILE: is a deployment on chain 84532, not CHAIN_ID 8453/,
      );
      expect(() =>
        parseServerConfig({ ...sepolia, DEPLOYMENT_FILE: path.join(dir, "none.json") }, repoRoot),
      ).toThrow(/DEPLOYMENT_FILE: must be a deployment record the deploy wrote/);
      writeFileSync(file, JSON.stringify({ ...record, usdc: "0x12" }));
      expect(() => parseServerConfig(sepolia, repoRoot)).toThrow(
        /DEPLOYMENT_FILE: must be a deployment record the deploy wrote .*usdc/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("needs APP_URL (the site's origin, for Sign-In with Ethereum) off the local chain", () => {
    expect(parseServerConfig({}, repoRoot).appUrl).toBeUndefined();
    const sepolia = { CHAIN_ID: "84532", KYC_SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}` };
    expect(() => parseServerConfig(sepolia, repoRoot)).toThrow(
      /APP_URL: is required on chain 84532/,
    );
    expect(
      parseServerConfig(
        { ...sepolia, APP_URL: "http://localhost:3000", INDEXER_URL: "http://10.0.0.2:42069" },
        repoRoot,
      ).appUrl,
    ).toBe("http://localhost:3000");
    for (const bad of ["app.example.org", "https://app.example.org/login", "ftp://x", "https://"]) {
      expect(() => parseServerConfig({ APP_URL: bad }, repoRoot)).toThrow(
        /APP_URL: must be an http\(s\) origin without a path/,
      );
    }
  });

  it("defaults the KYC signer (anvil account 9) and auto-approval on the local chain only", () => {
    const local = parseServerConfig({}, repoRoot);
    expect(local.kyc.signerPrivateKey).toBe(LOCAL_KYC_SIGNER_PRIVATE_KEY);
    expect(local.kyc.localAutoApprove).toBe(true);
    expect(
      parseServerConfig({ LOCAL_KYC_AUTO_APPROVE: "false" }, repoRoot).kyc.localAutoApprove,
    ).toBe(false);
    expect(() => parseServerConfig({ CHAIN_ID: "8453" }, repoRoot)).toThrow(
      /KYC_SIGNER_PRIVATE_KEY/,
    );
    expect(local.swap).toEqual({ provider: "local", router: undefined });
    expect(local.priceFeeds).toEqual({});
    expect(
      parseServerConfig(
        {
          PRICE_FEEDS:
            " eth:0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70, AERO:0x4EC5970fC728C5f65ba413992CD5fF6FD70fcfF0",
        },
        repoRoot,
      ).priceFeeds,
    ).toEqual({
      ETH: "0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70",
      AERO: "0x4EC5970fC728C5f65ba413992CD5fF6FD70fcfF0",
    });
    // the epoch mails' unsubscribe links are signed with a public secret on the local chain only
    expect(local.mail).toEqual({
      smtpUrl: undefined,
      from: "no-reply@localhost",
      linkSecret: LOCAL_MAIL_LINK_SECRET,
    });
  });

  it.each([
    [{ KYC_PROVIDER: "compilot" }, "COMPILOT_API_URL"],
    [{ KYC_PROVIDER: "compilot", COMPILOT_API_URL: "https://c.example" }, "COMPILOT_API_KEY"],
    [{ SWAP_PROVIDER: "aggregator" }, "SWAP_API_URL"],
    [{ KYC_SIGNER_PRIVATE_KEY: "0x12" }, "KYC_SIGNER_PRIVATE_KEY"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ MAIL_FROM: "nobody" }, "MAIL_FROM"],
    [{ LOCAL_AMM_ROUTER: "0x12" }, "LOCAL_AMM_ROUTER"],
    [
      { SWAP_PROVIDER: "aggregator", SWAP_API_URL: "https://s.example", SWAP_SPENDER: "x" },
      "SWAP_SPENDER",
    ],
    [{ LOCAL_KYC_AUTO_APPROVE: "yes" }, "LOCAL_KYC_AUTO_APPROVE"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "11" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ PRICE_FEEDS: "ETH" }, "PRICE_FEEDS"],
    [{ PRICE_FEEDS: "ETH:0x12" }, "PRICE_FEEDS"],
    [{ PRICE_FEEDS: "ETH:0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70,:0x12" }, "PRICE_FEEDS"],
  ])("names the missing or bad variable of %j", (env, variable) => {
    let error: unknown;
    try {
      parseServerConfig(env as Record<string, string>, repoRoot);
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).variable).toBe(variable);
  });

  it("keeps PGLITE_DIR=memory:// and resolves relative folders from the repo root", () => {
    expect(parseServerConfig({ PGLITE_DIR: "memory://" }, repoRoot).pgliteDir).toBe("memory://");
    expect(parseServerConfig({ PGLITE_DIR: "tmp/db" }, repoRoot).pgliteDir).toBe(
      path.join(repoRoot, "tmp/db"),
    );
  });

  it("trusts forwarded headers only when TRUST_PROXY names a proxy", () => {
    expect(parseServerConfig({}, repoRoot).trustProxy).toBe(0);
    expect(parseServerConfig({ TRUST_PROXY: "false" }, repoRoot).trustProxy).toBe(0);
    expect(parseServerConfig({ TRUST_PROXY: "true" }, repoRoot).trustProxy).toBe(1);
    expect(parseServerConfig({ TRUST_PROXY: "2" }, repoRoot).trustProxy).toBe(2);
  });

  it("treats empty values as unset", () => {
    const c = parseServerConfig({ CHAIN_ID: "", WALLETCONNECT_PROJECT_ID: " " }, repoRoot);
    expect(c.chainId).toBe(31337);
    expect(c.walletConnectProjectId).toBeUndefined();
  });

  it.each([
    ["CHAIN_ID", "1", /CHAIN_ID: must be one of 8453, 84532, 31337 \(got "1"\)/],
    ["CHAIN_ID", "abc", /CHAIN_ID/],
    ["RPC_URL", "localhost:8545", /RPC_URL: must be an http\(s\) URL/],
    ["PUBLIC_RPC_URL", "ws://x", /PUBLIC_RPC_URL/],
    ["PRODUCT_SYMBOL", "K S U", /PRODUCT_SYMBOL/],
    ["SUBORDINATION_DOCS_URL", "docs", /SUBORDINATION_DOCS_URL/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must be a postgres:\/\/ URL/],
  ])("names the bad variable %s", (variable, value, message) => {
    let error: unknown;
    try {
      parseServerConfig({ [variable]: value }, repoRoot);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toMatch(message);
  });
});

describe("toPublicConfig", () => {
  it("keeps only what the browser needs", () => {
    const pc = toPublicConfig(
      parseServerConfig(
        {
          RPC_URL: "http://10.0.0.1:8545",
          PUBLIC_RPC_URL: "http://127.0.0.1:8610",
          DATABASE_URL: "postgres://u:secret@h/db",
        },
        repoRoot,
      ),
    );
    expect(pc).toEqual({
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:8610",
      appName: "Tranche",
      coinbaseAppName: "Tranche",
      productSymbol: "KSU",
      subordinationDocsUrl: "/docs#subordination-of-loans",
      features: { tokenLaunch: true, unreleased: [] },
      referralFeeShare: 0.1,
    });
    expect(JSON.stringify(pc)).not.toContain("secret");
  });
});

describe("configReader (serverConfig)", () => {
  it("outside production: a changed variable is a new configuration, an unchanged env the same object", () => {
    const env: Record<string, string | undefined> = { PRODUCT_SYMBOL: "KSU" };
    const read = configReader(env, false, repoRoot);
    const first = read();
    expect(read()).toBe(first);
    env.PRODUCT_SYMBOL = "ABC";
    expect(read().productSymbol).toBe("ABC");
    delete env.PRODUCT_SYMBOL;
    expect(read().productSymbol).toBe("KSU");
  });

  it("a production server keeps the configuration it started with", () => {
    const env: Record<string, string | undefined> = { PRODUCT_SYMBOL: "KSU" };
    const read = configReader(env, true, repoRoot);
    const first = read();
    env.PRODUCT_SYMBOL = "ABC";
    expect(read()).toBe(first);
    expect(read().productSymbol).toBe("KSU");
  });
});
