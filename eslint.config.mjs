import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import copy from "./scripts/eslint/jsx-no-literals.mjs";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/.next/**",
      "**/playwright-report/**",
      "**/test-results/**",
      "contracts/out/**",
      "contracts/cache/**",
      "packages/sdk/src/abi/generated.ts",
      "packages/sdk/src/abi/views.ts",
      "packages/sdk/src/abi/events.ts",
      "packages/sdk/src/abi/errors.ts",
      "**/next-env.d.ts",
      "packages/indexer/ponder-env.d.ts",
      "packages/indexer/.ponder/**",
      ".data/**",
      "test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every user-visible string of the web app comes from the catalog (@lending/sdk i18n).
    // Tests and the local-only operator pages (app/dev) may write English inline.
    files: ["apps/web/src/**/*.tsx", "apps/web/app/**/*.tsx"],
    ignores: ["**/*.test.tsx", "apps/web/app/dev/**"],
    plugins: { copy },
    rules: {
      "copy/jsx-no-literals": [
        "error",
        { attributes: ["lead", "empty", "actLabel", "message", "text"] },
      ],
    },
  },
);
