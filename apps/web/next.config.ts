import path from "node:path";
import type { NextConfig } from "next";

process.env.NEXT_TELEMETRY_DISABLED = "1";

const dev = process.env.NODE_ENV !== "production";

/**
 * Content Security Policy of every page. The RPC URL is chosen at run time (one build serves any
 * chain), so connect-src allows https/wss and the loopback; scripts and styles come from this
 * origin (Next's inline bootstrap needs 'unsafe-inline'; the dev server also needs 'unsafe-eval').
 */
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https: wss: http://127.0.0.1:* http://localhost:* ws://127.0.0.1:* ws://localhost:*",
  "frame-src 'self' https://verify.walletconnect.com https://verify.walletconnect.org https://keys.coinbase.com",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // NEXT_DIST_DIR lets a second build live beside the main one (e.g. a bundle measurement).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  transpilePackages: ["@lending/sdk"],
  serverExternalPackages: [
    "@base-org/account",
    "@electric-sql/pglite",
    "pdfkit",
    "pg",
    "nodemailer",
  ],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: [{ key: "Cache-Control", value: "no-store" }] },
    ];
  },
  poweredByHeader: false,
  // The stylesheet (about 6 KB gzip) goes inside the HTML: the first paint needs no second
  // request, so the server-rendered content paints before the scripts arrive (LCP).
  experimental: { inlineCss: true },
  // `npm test` typechecks every workspace with tsc (tests included) before building; the build
  // does not repeat it, which keeps `npm start` fast.
  typescript: { ignoreBuildErrors: true },
  // SOURCE_MAPS=1 next build: browser source maps, to see what a chunk contains.
  productionBrowserSourceMaps: process.env.SOURCE_MAPS === "1",
  turbopack: { root: path.resolve(process.cwd(), "../..") },
};

export default nextConfig;
