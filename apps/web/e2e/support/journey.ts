import {
  approve,
  buildEmailConfirmationMessage,
  buildKycChallengeMessage,
  getCurrentEpochDepositedAmount,
  getUserRequests,
  kycAuthorizationTypedData,
  ksuLockingAbi,
  lendingPoolManagerAbi,
  MAX_UINT256,
  readAllowance,
  readKycNonce,
  readPools,
  requestDepositWithKyc,
  trancheDepositLimits,
  type Deployment,
  type Pool,
  type UserRequest,
} from "@lending/sdk";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  parseAbi,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
  type PublicClient,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { deployerAccount, devAccount } from "../../../../scripts/src/lib/dev-accounts";
import { getFreePort } from "../../../../scripts/src/lib/net";
import { paths } from "../../../../scripts/src/lib/paths";
import { startWebServer } from "../../../../scripts/src/lib/web";
import { expect, type Stack } from "./fixtures";
import { installTestWallet, TEST_WALLET_NAME, type TestWallet } from "./test-wallet";

/**
 * Completes the local KYC of an account through the API, as the widget would (no-op when its
 * status is already Active or No Email). Without an email the lender is 'No Email', which is
 * enough to lend. With one (for journeys that mail the lender), the widget mails a code to it
 * and the code confirms it (issue 24 item 7: a typed email is the lender's only then), so the
 * lender is Active. Each confirmed email is one code against the per-IP cap of 30 an hour
 * (EMAIL_CODE_IP_LIMIT): only journeys that need a confirmed email pass one.
 */
export async function ensureKyc(
  request: APIRequestContext,
  privateKey: Hex,
  person: { fullName: string; email?: string } = { fullName: "Ada Lovelace" },
) {
  const account = privateKeyToAccount(privateKey);
  const status = await request.get(`/api/kyc?userAddress=${account.address}`);
  const { status: current } = (await status.json()) as { status: string };
  if (current === "Active" || current === "No Email") return;
  const email = person.email?.trim().toLowerCase() || undefined;
  const answer = await submitKycWidget(request, privateKey, { ...person, email });
  if (!email || answer.status === "Active") return; // none, or the account's own confirmed one
  expect(answer.pendingEmail, "the widget mails a code to the typed email").toBe(email);
  await confirmMailedCode(request, privateKey, email);
}

/**
 * The local KYC widget's submission through the API (a signed challenge opens the session):
 * answers the widget's result (status, and `pendingEmail` when a code was mailed to `email`).
 */
export async function submitKycWidget(
  request: APIRequestContext,
  privateKey: Hex,
  person: { fullName: string; email?: string },
) {
  const account = privateKeyToAccount(privateKey);
  const timestamp = Date.now();
  const signature = await account.signMessage({
    message: buildKycChallengeMessage({
      address: account.address,
      isIndividual: true,
      timestamp,
      chainId: Number(process.env.E2E_CHAIN_ID),
    }),
  });
  const challenge = await request.post("/api/kyc-challenge", {
    data: { address: account.address, signature, timestamp, isIndividual: true },
  });
  expect(challenge.ok()).toBe(true);
  const { widgetUrl } = (await challenge.json()) as { widgetUrl: string };
  const session = new URL(widgetUrl, "http://localhost").searchParams.get("session");
  const done = await request.post("/api/kyc/local", {
    data: { session, fullName: person.fullName, ...(person.email ? { email: person.email } : {}) },
  });
  expect(done.ok()).toBe(true);
  return (await done.json()) as { status: string; email: string | null; pendingEmail?: string };
}

/** The newest confirmation code mailed for `email` and the wallet `address` (local outbox). */
export async function mailedCode(request: APIRequestContext, address: string, email: string) {
  // the outbox lists the newest mail first: the first code for this wallet and email is ours
  const html = await (await request.get("/dev/outbox")).text();
  const escaped = `${email} the email address of the wallet ${address.toLowerCase()}`.replace(
    /[.*+?^${}()|[\]\\]/g,
    "\\$&",
  );
  const code = new RegExp(`confirmation code is (\\d{6})\\.[^<]*?${escaped}`).exec(html)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Confirms the code already mailed for `email` with a signed confirmation (the app's Add email). */
export async function confirmMailedCode(
  request: APIRequestContext,
  privateKey: Hex,
  email: string,
) {
  const account = privateKeyToAccount(privateKey);
  const address = account.address.toLowerCase() as `0x${string}`;
  const chainId = Number(process.env.E2E_CHAIN_ID);
  const code = await mailedCode(request, address, email);
  const timestamp = Date.now();
  const confirmed = await request.post("/api/email-challenge/confirm", {
    data: {
      address,
      email,
      code,
      timestamp,
      signature: await account.signMessage({
        message: buildEmailConfirmationMessage({ address, email, timestamp, chainId }),
      }),
    },
  });
  expect(confirmed.ok()).toBe(true);
}

/**
 * Clicks a pool's Lend button (or any button low on the page) in the middle of the viewport.
 * sonner's toasts sit at the bottom right, and the connect toast ("Account connected") appears
 * once its lazily loaded code has arrived: seconds after the connection on a loaded machine. A
 * toast that slides over the button between Playwright's hit test and its click takes the click,
 * and while the pointer rests on it the toast stays (ci40: the Lend dialog never opened).
 */
export async function clickClearOfToasts(target: Locator) {
  await target.evaluate((el) => el.scrollIntoView({ block: "center", inline: "nearest" }));
  await target.click();
}

/** Connects the injected test wallet through the connect modal. */
export async function connectTestWallet(page: Page, wallet?: TestWallet) {
  const button = page.getByTestId("wallet-button");
  await expect(button).toBeEnabled();
  await button.click();
  await page.getByRole("dialog").getByRole("button", { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (wallet) expect(wallet.isConnected()).toBe(true);
}

/**
 * Every tranche of every pool with the user's deposit limits this epoch (the SDK's
 * trancheDepositLimits over the on-chain amount already deposited), read in parallel.
 */
export function trancheLimitsOf(
  client: PublicClient,
  deployment: Deployment,
  pools: Pool[],
  user: Address,
) {
  return Promise.all(
    pools.flatMap((pool) =>
      pool.tranches.map(async (tranche) => {
        const depositedThisEpoch = await getCurrentEpochDepositedAmount(client, deployment, {
          poolId: pool.id,
          trancheId: tranche.id,
          user,
        });
        const limits = trancheDepositLimits({
          minimumDeposit: tranche.minimumDeposit,
          maximumDeposit: tranche.maximumDeposit,
          depositedThisEpoch,
        });
        return { pool, tranche, limits };
      }),
    ),
  );
}

const mintAbi = parseAbi(["function mint(address to, uint256 amount)"]);

/**
 * Writes a contract as the deployer (the local admin, the TestUSDC minter, the partner NFT's
 * owner) and answers the receipt: the journeys' set-up on the local chain, without the UI or a
 * cold start of the ops CLI.
 */
export async function asDeployer<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, "nonpayable" | "payable">,
>(
  stack: Stack,
  call: {
    address: Address;
    abi: abi;
    functionName: functionName;
    args: ContractFunctionArgs<abi, "nonpayable" | "payable", functionName>;
  },
) {
  const deployer = createWalletClient({
    account: privateKeyToAccount(deployerAccount.privateKey),
    transport: http(stack.rpcUrl),
  });
  // the call's types are checked at the caller (abi, function, arguments)
  const hash = await deployer.writeContract({ ...call, chain: null } as unknown as Parameters<
    typeof deployer.writeContract
  >[0]);
  return createPublicClient({ transport: http(stack.rpcUrl) }).waitForTransactionReceipt({ hash });
}

/**
 * A fresh account with `eth` wei (anvil_setBalance) and `usdc` minted by the deployer (the
 * TestUSDC minter, as the seed does for the dev accounts): tests that need their own lender do
 * not depend on the order of the suite.
 */
export async function freshLender(
  stack: Stack,
  funds: { eth: bigint; usdc: bigint; ksu?: bigint },
) {
  const privateKey = generatePrivateKey();
  const address = privateKeyToAccount(privateKey).address;
  await createTestClient({ mode: "anvil", transport: http(stack.rpcUrl) }).setBalance({
    address,
    value: funds.eth,
  });
  if (funds.usdc > 0n) {
    await asDeployer(stack, {
      address: stack.deployment.usdc,
      abi: mintAbi,
      functionName: "mint",
      args: [address, funds.usdc],
    });
  }
  if (funds.ksu) {
    await asDeployer(stack, {
      address: stack.deployment.ksu,
      abi: erc20Abi,
      functionName: "transfer",
      args: [address, funds.ksu],
    });
  }
  return { privateKey, address };
}

/** A tranche a fresh lender can lend `amount` (USDC units) into this epoch. */
export async function trancheFor(stack: Stack, user: Address, amount: bigint) {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const pools = await readPools(client, stack.deployment);
  const candidates = await trancheLimitsOf(client, stack.deployment, pools, user);
  const choice = candidates.find(
    (c) => !c.limits.oversubscribed && c.limits.minimum <= amount && amount <= c.limits.maximum,
  );
  expect(choice, `a tranche open to a deposit of ${amount}`).toBeDefined();
  return choice!;
}

type Target = { pool: Pool; tranche: Pool["tranches"][number] };

/**
 * From /lending to step 2 of the lend modal: connects the test wallet (unless `connected`), opens the lend modal of
 * the tranche, enters `amount` (USDC units), ticks the terms and clicks Next. Answers the dialog.
 */
export async function openReviewStep(
  page: Page,
  target: Target,
  amount: bigint,
  opts: { connected?: boolean } = {},
) {
  await page.goto("/lending");
  if (!opts.connected) await connectTestWallet(page);
  // reconnected on this page load before the Lend button is used (else it asks to connect)
  else await expect(page.getByTestId("wallet-button")).toContainText("Connected");
  const card = page.getByTestId("pool-card").filter({ hasText: target.pool.poolName });
  await clickClearOfToasts(card.getByRole("button", { name: `Lend into ${target.tranche.name}` }));
  const dialog = page.getByRole("dialog", { name: "Lend" });
  await expect(dialog.getByTestId("lend-amount")).toBeVisible();
  await dialog.getByTestId("lend-amount").fill(formatUnits(amount, 6));
  await expect(dialog.getByTestId("lend-amount-message")).toHaveText(/Wallet balance/);
  await dialog.getByTestId("lend-terms").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  return dialog;
}

/**
 * {@link openReviewStep}, then generates the contract. Answers both dialogs and the server's
 * generated contract.
 */
export async function generateLoanContract(
  page: Page,
  target: Target,
  amount: bigint,
  opts: { connected?: boolean } = {},
) {
  const dialog = await openReviewStep(page, target, amount, opts);
  const generated = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/api/lender-agreements"),
  );
  await dialog.getByRole("button", { name: "Generate Loan Contract" }).click();
  const response = await generated;
  expect(response.ok()).toBe(true);
  const contract = page.getByRole("dialog", { name: "Loan Contract" });
  await expect(contract).toBeVisible();
  return {
    dialog,
    contract,
    generated: (await response.json()) as {
      timestamp: number;
      formattedMessage: string;
      fullName: string;
    },
  };
}

/** Generates and accepts the Loan Contract: step 2 with the approve-then-act button. */
export async function acceptLoanContract(
  page: Page,
  target: Target,
  amount: bigint,
  opts: { connected?: boolean } = {},
) {
  const { dialog, contract } = await generateLoanContract(page, target, amount, opts);
  await contract.getByRole("button", { name: "Accept" }).click();
  await expect(contract).toHaveCount(0);
  await expect(dialog.getByTestId("loan-contract-status")).toHaveText("Accepted");
  return { dialog, action: dialog.getByTestId("approve-then-act") };
}

/** A new browser context whose pages have the test wallet of `privateKey` injected. */
export async function pageWithWallet(browser: Browser, stack: Stack, privateKey: Hex) {
  const context = await browser.newContext({ baseURL: stack.baseUrl });
  const wallet = await installTestWallet(context, {
    rpcUrl: stack.rpcUrl,
    chainId: stack.chainId,
    privateKey,
  });
  const page = await context.newPage();
  return { context, page, wallet };
}

/**
 * What most lend journeys start from: a {@link freshLender} whose KYC is complete (through the
 * API), a tranche open to its whole USDC, and a page with its wallet injected.
 */
export async function verifiedLenderPage(
  browser: Browser,
  request: APIRequestContext,
  stack: Stack,
  funds: { eth: bigint; usdc: bigint; ksu?: bigint },
  /** an email only when the journey mails the lender (see {@link ensureKyc}) */
  person: { fullName: string; email?: string },
) {
  const lender = await freshLender(stack, funds);
  await ensureKyc(request, lender.privateKey, person);
  const target = await trancheFor(stack, lender.address, funds.usdc);
  const { context, page, wallet } = await pageWithWallet(browser, stack, lender.privateKey);
  return { lender, target, context, page, wallet };
}

/** Opens the dev panel, runs one of its actions, waits for its answer and closes it. */
export async function devPanel(
  page: Page,
  action: "Move to the clearing period" | "Move to the next epoch",
) {
  await page.getByRole("button", { name: "Demo controls" }).click();
  const panel = page.getByRole("dialog", { name: "Demo controls (local chain)" });
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: action }).click();
  await expect(panel.getByRole("status")).toContainText("Chain time is now", { timeout: 20_000 });
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
}

/** Waits until the keeper has settled request `nftId` (its NFT is burnt at settlement). */
export async function settledByKeeper(client: PublicClient, deployment: Deployment, nftId: bigint) {
  await expect
    .poll(
      () =>
        client.readContract({
          address: deployment.lendingPoolManager,
          abi: lendingPoolManagerAbi,
          functionName: "requestOwner",
          args: [nftId],
        }),
      // a read of anvil every 250 ms (expect.poll's own intervals grow to 1 s): the journey goes
      // on within a quarter second of the settlement
      { timeout: 30_000, intervals: [250], message: `the keeper settles request ${nftId}` },
    )
    .toBe(zeroAddress);
}

/**
 * Publishes the KSU price (USDC units per KSU) as the local admin, as `npm run ops --
 * set-ksu-price` does on the local chain (the same call, without a cold start of the ops CLI):
 * after a long clock move the price is published again, as an oracle would.
 */
export async function publishKsuPrice(stack: Stack, usdcPerKsu: bigint) {
  const receipt = await asDeployer(stack, {
    address: stack.deployment.ksuLocking,
    abi: ksuLockingAbi,
    functionName: "setKsuPrice",
    args: [usdcPerKsu],
  });
  expect(receipt.status, "the KSU price is published").toBe("success");
}

type OpsReply = { id: number; ok: boolean; stdout: string; stderr: string };

/** The long-lived ops process of this worker (scripts/src/ops-runner.ts), per stack. */
let opsRunner:
  | { key: string; child: ChildProcess; next: number; waiting: Map<number, (r: OpsReply) => void> }
  | undefined;

function opsRunnerFor(stack: Stack) {
  const env = {
    RPC_URL: stack.rpcUrl,
    CHAIN_ID: String(stack.chainId),
    DATABASE_URL: stack.databaseUrl,
    INDEXER_URL: stack.indexerUrl,
    APP_URL: stack.baseUrl,
  };
  const key = JSON.stringify(env);
  if (opsRunner?.key === key && opsRunner.child.connected) return opsRunner;
  opsRunner?.child.kill();
  const child = fork(path.join(paths.scripts, "src", "ops-runner.ts"), [], {
    cwd: paths.root,
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
  });
  const runner = { key, child, next: 1, waiting: new Map<number, (r: OpsReply) => void>() };
  child.on("message", (reply: OpsReply) => {
    runner.waiting.get(reply.id)?.(reply);
    runner.waiting.delete(reply.id);
  });
  child.on("exit", (code) => {
    for (const [id, settle] of runner.waiting)
      settle({ id, ok: false, stdout: "", stderr: `the ops process exited (${code})` });
    runner.waiting.clear();
  });
  // it never keeps the worker alive (it exits when the worker goes)
  child.unref();
  child.channel?.unref();
  opsRunner = runner;
  return runner;
}

/**
 * Runs `npm run ops -- <args>` against the test stack (chain and served database), as an
 * operator, and answers what it printed; throws what it printed when the command fails. The
 * command runs in this worker's long-lived ops process (scripts/src/ops-runner.ts: the CLI's own
 * code, imported once) instead of a cold start of the CLI each time (about 4 s of CPU).
 */
export async function runOps(stack: Stack, args: string[]): Promise<string> {
  const runner = opsRunnerFor(stack);
  const id = runner.next++;
  const reply = await new Promise<OpsReply>((resolve) => {
    runner.waiting.set(id, resolve);
    runner.child.send({ id, args });
  });
  if (!reply.ok) throw new Error(`npm run ops -- ${args.join(" ")} failed:\n${reply.stderr}`);
  return reply.stdout;
}

/**
 * A new user's lend from the pool card: the KYC modal, the local KYC widget (in its popup), then
 * the lend modal (amount, terms, loan contract, approve, confirm) until its completion step.
 * Answers the lend dialog.
 */
export async function lendThroughLocalKyc(
  page: Page,
  target: { poolName: string; trancheName: string },
  opts: {
    amount: string;
    fullName: string;
    /** the account's own confirmed email (Active); without one the lender is 'No Email' */
    email?: string;
  },
) {
  const card = page.getByTestId("pool-card").filter({ hasText: target.poolName });
  await clickClearOfToasts(card.getByRole("button", { name: `Lend into ${target.trancheName}` }));
  const kyc = page.getByRole("dialog", { name: "Identity Verification" });
  const popupPromise = page.waitForEvent("popup");
  await kyc.getByRole("button", { name: "Authorise KYC Process" }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState("networkidle");
  await popup.getByLabel("Full name").fill(opts.fullName);
  if (opts.email) await popup.getByLabel("Email (optional)").fill(opts.email);
  await popup.getByRole("button", { name: "Submit for verification" }).click();
  await expect(popup.getByRole("status")).toContainText(opts.email ? "Active" : "No Email");
  await popup.close();
  const dialog = page.getByRole("dialog", { name: "Lend" });
  // The success toast counts down and then opens the lend modal itself; closing it early opens
  // it at once. On a slow machine the countdown can end first: either way the lend modal opens.
  const success = page.locator("[data-sonner-toast]").filter({ hasText: "Identity verified" });
  await expect(success.or(dialog).first()).toBeVisible();
  if (!(await dialog.isVisible())) {
    // the close button gets the click event itself (a pointer click at its place waited out its
    // 5 s timeout, the toast stack moving under the pointer)
    await success
      .locator("[data-close-button]")
      .dispatchEvent("click", undefined, { timeout: 5_000 })
      .catch(() => undefined); // gone by itself meanwhile: the countdown opened the modal
  }
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("lend-amount").fill(opts.amount);
  await expect(dialog.getByTestId("lend-amount-message")).toHaveText(/Wallet balance: /);
  await dialog.getByTestId("lend-terms").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Generate Loan Contract" }).click();
  const contract = page.getByRole("dialog", { name: "Loan Contract" });
  await expect(contract).toContainText(opts.fullName);
  await contract.getByRole("button", { name: "Accept" }).click();
  await expect(dialog.getByTestId("loan-contract-status")).toHaveText("Accepted");
  const action = dialog.getByTestId("approve-then-act");
  await action.click();
  await expect(action).toHaveText("Confirm", { timeout: 30_000 });
  await action.click();
  await expect(dialog.getByTestId("lend-done")).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/**
 * Lends `amount` through the lend modal ({@link acceptLoanContract}): approves USDC first when
 * the wallet has not yet (the next lend confirms at once), confirms, and closes the modal on its
 * completion step.
 */
export async function lendAndClose(
  page: Page,
  target: Target,
  amount: bigint,
  opts: { connected?: boolean } = {},
) {
  const { dialog, action } = await acceptLoanContract(page, target, amount, opts);
  await expect(action).toHaveText(/^(Approve|Confirm)$/);
  if ((await action.textContent()) === "Approve") {
    await action.click();
    await expect(action).toHaveText("Confirm", { timeout: 20_000 });
  }
  await action.click();
  await expect(dialog.getByTestId("lend-done")).toBeVisible({ timeout: 20_000 });
  await dialog.getByTestId("lend-done").getByRole("button", { name: "Close" }).click();
}

/** The demo pool's tranche with the short (2-epoch) fixed term open to everyone, and its term. */
export async function shortFixedTerm(stack: Stack) {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  const pools = await readPools(client, stack.deployment);
  const short = (c: Pool["tranches"][number]["fixedTermConfig"][number]) =>
    c.epochLockDuration === 2n && c.fixedTermDepositStatus === "Everyone";
  const pool = pools.find((p) => p.tranches.some((t) => t.fixedTermConfig.some(short)));
  expect(pool, "a demo pool with a 2-epoch fixed term").toBeDefined();
  const tranche = pool!.tranches.find((t) => t.fixedTermConfig.some(short))!;
  const config = tranche.fixedTermConfig.find(short)!;
  return { pool: pool!, tranche, config };
}

/** Mints a token of the partner NFT collection (deployed by the global setup) to `to`. */
export async function mintPartnerNft(stack: Stack, to: Address) {
  await asDeployer(stack, {
    address: process.env.E2E_NFT_COLLECTION as Address,
    abi: parseAbi(["function mint(address to) returns (uint256)"]),
    functionName: "mint",
    args: [to],
  });
}

/**
 * The pool manager records a loan ticket for `user` on pool 0, tranche 0 (`npm run ops --
 * loan-tickets:create`); `createdOn` backdates it. Answers the command's output.
 */
export function loanTicketFor(
  stack: Stack,
  user: Address,
  ticket: { borrowerId: string; borrowerName: string; assets: string; createdOn?: string },
) {
  return runOps(stack, [
    "loan-tickets:create",
    ...["--pool", "0", "--tranche", "0", "--borrower-id", ticket.borrowerId],
    ...["--borrower-name", ticket.borrowerName, "--assets", ticket.assets, "--user", user],
    ...["--chain", String(stack.chainId)],
    ...(ticket.createdOn ? ["--created-on", ticket.createdOn] : []),
  ]);
}

/**
 * A second web server (`next start` on the same build, chain and database) with `extra` in its
 * environment, e.g. feature flags. Stop it with its `stop()`.
 */
export async function startWebServerWith(stack: Stack, extra: Record<string, string>) {
  return startWebServer({
    port: await getFreePort(),
    chainId: stack.chainId,
    rpcUrl: stack.rpcUrl,
    extra: { DATABASE_URL: stack.databaseUrl, INDEXER_URL: stack.indexerUrl, ...extra },
  });
}

/**
 * A lend straight on the chain, for journeys whose lend is a precondition of what they assert
 * (the lend modal itself is asserted by the lend journeys: lend.spec.ts, dev-wallet-lend,
 * keyboard-lend, lend-*): the wallet of `privateKey` approves USDC to the pool manager (unlimited,
 * as the modal's first approval, when its allowance is short) and sends the modal's
 * `requestDepositWithKyc`, authorised by the local KYC signer (anvil account 9, as the server's
 * KYC signature action signs it). The lender's KYC must be complete first ({@link ensureKyc}) when
 * the journey's pages read it. Nothing is recorded server-side: a journey that asserts the signed
 * loan contract lends through the modal. Answers the deposit request, as the chain has it.
 */
export async function lendOnChain(
  stack: Stack,
  privateKey: Hex,
  target: Target,
  amount: bigint,
  opts: { fixedTermConfigId?: bigint } = {},
): Promise<UserRequest> {
  const { deployment } = stack;
  const account = privateKeyToAccount(privateKey);
  const chain = { ...foundry, id: stack.chainId };
  const client = createPublicClient({ chain, transport: http(stack.rpcUrl) });
  const wallet = createWalletClient({ account, chain, transport: http(stack.rpcUrl) });
  const send = async (tx: { to: Address; data: Hex; value: bigint }) => {
    const receipt = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction(tx),
    });
    expect(receipt.status, "the lend's transaction succeeds").toBe("success");
  };
  const spender = deployment.lendingPoolManager;
  const allowance = await readAllowance(client, {
    token: deployment.usdc,
    owner: account.address,
    spender,
  });
  if (allowance < amount) {
    await send(approve({ token: deployment.usdc, spender, amount: MAX_UINT256 }));
  }
  const args = {
    poolId: target.pool.id,
    trancheId: target.tranche.id,
    amount,
    fixedTermConfigId: opts.fixedTermConfigId ?? 0n,
  };
  const [nonce, block] = await Promise.all([
    readKycNonce(client, deployment, account.address),
    client.getBlockNumber({ cacheTime: 0 }),
  ]);
  const blockExpiration = block + 100n;
  const signature = await privateKeyToAccount(devAccount(9).privateKey).signTypedData(
    kycAuthorizationTypedData({
      chainId: stack.chainId,
      verifyingContract: spender,
      user: account.address,
      nonce,
      blockExpiration,
      ...args,
    }),
  );
  await send(
    requestDepositWithKyc(deployment, {
      ...args,
      acceptance: { signature: "0x01", timestamp: BigInt(Date.now()), version: 1 },
      kyc: { nonce, blockExpiration, signature },
    }),
  );
  // this lend's request: the newest (highest NFT id) of the lender's in this tranche, whatever
  // requests they made there before
  const deposit = (await getUserRequests(client, deployment, account.address))
    .filter(
      (r) =>
        r.kind === "Deposit" &&
        r.requestStatus === "Requested" &&
        r.poolId === args.poolId &&
        r.trancheId === args.trancheId,
    )
    .reduce<UserRequest | undefined>((a, r) => (a && a.nftId > r.nftId ? a : r), undefined);
  expect(deposit, "the deposit request on chain").toBeDefined();
  return deposit!;
}
