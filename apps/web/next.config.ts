import path from "node:path";
import type { NextConfig } from "next";

process.env.NEXT_TELEMETRY_DISABLED = "1";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // NEXT_DIST_DIR lets a second build live beside the main one (e.g. a bundle measurement).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  transpilePackages: ["@lending/sdk"],
  serverExternalPackages: ["@base-org/account", "@electric-sql/pglite"],
  poweredByHeader: false,
  // `npm test` typechecks every workspace with tsc (tests included) before building; the build
  // does not repeat it, which keeps `npm start` fast.
  typescript: { ignoreBuildErrors: true },
  // SOURCE_MAPS=1 next build: browser source maps, to see what a chunk contains.
  productionBrowserSourceMaps: process.env.SOURCE_MAPS === "1",
  turbopack: { root: path.resolve(process.cwd(), "../..") },
};

export default nextConfig;
