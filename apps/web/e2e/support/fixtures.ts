import { test as base, expect, type Page } from "@playwright/test";
import type { Deployment } from "@lending/sdk/deployments";
import { installTestWallet, type TestWallet } from "./test-wallet";

export type Stack = {
  baseUrl: string;
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  /** the app's database, served as `npm start` serves it (for ops commands) */
  databaseUrl: string;
  /** the indexer's HTTP API (for ops commands that list a tranche's lenders) */
  indexerUrl: string;
};

function readStack(): Stack {
  const {
    E2E_BASE_URL,
    E2E_RPC_URL,
    E2E_CHAIN_ID,
    E2E_DEPLOYMENT,
    E2E_DATABASE_URL,
    E2E_INDEXER_URL,
  } = process.env;
  if (
    !E2E_BASE_URL ||
    !E2E_RPC_URL ||
    !E2E_CHAIN_ID ||
    !E2E_DEPLOYMENT ||
    !E2E_DATABASE_URL ||
    !E2E_INDEXER_URL
  ) {
    throw new Error(
      "E2E_* env missing: run through playwright.config.ts (its globalSetup starts the stack)",
    );
  }
  return {
    baseUrl: E2E_BASE_URL,
    rpcUrl: E2E_RPC_URL,
    chainId: Number(E2E_CHAIN_ID),
    deployment: JSON.parse(E2E_DEPLOYMENT) as Deployment,
    databaseUrl: E2E_DATABASE_URL,
    indexerUrl: E2E_INDEXER_URL,
  };
}

/** The test wallet injected into each test's own page (see the `page` fixture). */
const walletOfPage = new WeakMap<Page, TestWallet>();

/** Errors seen in the browser console or thrown on the page during a test. */
export type ConsoleErrors = string[];

export const test = base.extend<{ stack: Stack; wallet: TestWallet; consoleErrors: ConsoleErrors }>(
  {
    // Playwright requires object destructuring for the first argument, even when it is empty.
    // eslint-disable-next-line no-empty-pattern
    stack: async ({}, provide) => {
      await provide(readStack());
    },
    // eslint-disable-next-line no-empty-pattern
    baseURL: async ({}, provide) => {
      await provide(readStack().baseUrl);
    },
    // The test's own page gets the injected test wallet (not connected until the user connects
    // it). Only a test that uses `page` (or `wallet`, `consoleErrors`) gets that page: the
    // journeys that open their own contexts (pageWithWallet) do not start an unused one.
    page: async ({ page, stack }, provide) => {
      walletOfPage.set(
        page,
        await installTestWallet(page, { rpcUrl: stack.rpcUrl, chainId: stack.chainId }),
      );
      await provide(page);
    },
    wallet: async ({ page }, provide) => {
      await provide(walletOfPage.get(page)!);
    },
    consoleErrors: async ({ page }, provide) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(`console.error: ${msg.text()}`);
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      await provide(errors);
    },
  },
);

export { expect };
