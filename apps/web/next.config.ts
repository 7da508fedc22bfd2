import path from "node:path";
import type { NextConfig } from "next";

process.env.NEXT_TELEMETRY_DISABLED = "1";

// The Content Security Policy (with a per-request script nonce) and HSTS come from proxy.ts.
const securityHeaders = [
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
      // the build's scripts and styles (immutable, same origin) need only nosniff: the page's
      // headers on each of them were about 250 bytes a file in a visitor's JavaScript (issue 26)
      { source: "/((?!_next/static/).*)", headers: securityHeaders },
      { source: "/_next/static/:path*", headers: [securityHeaders[0]!] },
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
