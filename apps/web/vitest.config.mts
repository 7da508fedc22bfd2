import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  oxc: { jsx: { runtime: "automatic" } },
  test: {
    name: "@lending/web",
    environment: "jsdom",
    // A fixed non-UTC zone with a half-hour offset and no DST, so date tests are deterministic.
    env: { TZ: "Asia/Kolkata" },
    include: ["src/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
  },
});
