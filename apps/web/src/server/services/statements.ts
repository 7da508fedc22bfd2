/**
 * A lender's statement (issue 28 item 3): its figures from the chain at the period's two ends
 * (`readStatement`, the portfolio's definitions in the SDK), its transactions, losses and rewards
 * from the indexer; as CSV or as a PDF a person would file (rendered here, on the server, with
 * pdfkit's built-in Helvetica: nothing of it reaches the browser).
 */
import {
  parseStatementPeriod,
  readStatement,
  statementAmount,
  statementCsv,
  statementDate,
  statementFigureRows,
  statementHeaderLines,
  statementRewardLabel,
  statementRewards,
  statements as copy,
  statementTransactionLabel,
  statementTransactions,
  fill,
  type DatedPositionLoss,
  type HistoryItem,
  type HistoryPage,
  type RewardsPage,
  type Statement,
  type StatementPeriod,
} from "@lending/sdk";
import { getDeployment, hasDeployment } from "@lending/sdk/deployments";
import PDFDocument from "pdfkit";
import type { Address } from "viem";
import { serverConfig } from "@/config/server";
import { chainClient } from "../context";
import { badRequest, UpstreamError } from "../http/errors";
import { fromIndexer } from "./transactions";

/** Statements per lender per minute: each reads the chain at two blocks and the whole history. */
export const STATEMENT_RATE_LIMIT = { limit: 10, windowMs: 60_000 };

const STATEMENT_UNAVAILABLE = copy.unavailable;
const PAGE_SIZE = 100;
/** A lender with more than this many history rows gets a 503 rather than a partial statement. */
const MAX_PAGES = 50;

/**
 * The `period` parameter as a period, or a 400 naming what is accepted (one that has not
 * started yet included).
 */
export function statementPeriodOf(
  value: unknown,
  now = Math.floor(Date.now() / 1000),
): StatementPeriod {
  try {
    return parseStatementPeriod(value, now);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
}

/** Every page of an indexer list of `user` (history or rewards), newest first. */
async function allPages<T>(path: string, user: string, itemsOf: (body: unknown) => T[]) {
  const out: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const params = new URLSearchParams({ user, page: String(page), pageSize: String(PAGE_SIZE) });
    const body = (await (await fromIndexer(`${path}?${params}`, STATEMENT_UNAVAILABLE)).json()) as {
      total: number;
    };
    const items = itemsOf(body);
    out.push(...items);
    if (items.length < PAGE_SIZE || out.length >= body.total) return out;
  }
  throw new UpstreamError(
    `${path} of ${user}: more than ${MAX_PAGES} pages`,
    STATEMENT_UNAVAILABLE,
  );
}

/** The lender's statement for `period`: chain figures, indexer transactions and rewards. */
export async function lenderStatement(user: Address, period: StatementPeriod): Promise<Statement> {
  const config = serverConfig();
  if (!hasDeployment(config.chainId)) {
    throw new UpstreamError(`no deployment for chain ${config.chainId}`, STATEMENT_UNAVAILABLE);
  }
  const [history, rewards] = await Promise.all([
    allPages(`/transactions`, user, (b) => (b as HistoryPage).items),
    allPages(`/rewards`, user, (b) => (b as RewardsPage).items),
  ]);
  const losses: DatedPositionLoss[] = history.flatMap((item: HistoryItem) =>
    item.type === "Loss"
      ? item.tranches
          .filter((t) => BigInt(t.change) < 0n)
          .map((t) => ({
            poolId: BigInt(item.poolId),
            trancheId: BigInt(t.trancheId),
            amount: -BigInt(t.change),
            timestamp: item.timestamp,
          }))
      : [],
  );
  try {
    return await readStatement(chainClient(config), getDeployment(config.chainId), {
      user,
      period,
      transactions: statementTransactions(history),
      rewards: statementRewards(rewards),
      losses,
    });
  } catch (error) {
    throw new UpstreamError(
      `statement reads failed: ${error instanceof Error ? error.message : String(error)}`,
      STATEMENT_UNAVAILABLE,
    );
  }
}

export { statementCsv };

/**
 * The statement as an A4 PDF: title, lender and period, per position its figures and its
 * transactions, the totals, the rewards; page numbers in the footer. Helvetica (WinAnsi) only.
 */
export function statementPdf(s: Statement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 56,
      bufferPages: true,
      info: { Title: `${copy.file.heading} ${s.period.label}`, Subject: s.user },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const width = doc.page.width - 112;
    const row = (left: string, right: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
      doc.text(left, 56, y, { width: width - 170 });
      const after = doc.y;
      doc.text(right, 56 + width - 170, y, { width: 170, align: "right" });
      doc.y = Math.max(after, doc.y);
      doc.x = 56;
    };
    const heading = (text: string) =>
      doc.moveDown(0.8).font("Helvetica-Bold").fontSize(12).text(text, 56).moveDown(0.3);

    doc.font("Helvetica-Bold").fontSize(18).text(`${copy.file.heading}: ${s.period.label}`);
    doc.moveDown(0.5);
    const [lender, ...rest] = statementHeaderLines(s);
    doc.font("Helvetica").fontSize(10).text(lender!);
    for (const line of rest) doc.fontSize(9).fillColor("#333").text(line).moveDown(0.2);
    doc.fillColor("#000");

    if (s.positions.length === 0) heading(copy.file.noPositions);
    for (const p of s.positions) {
      heading(fill(copy.file.position, { pool: p.poolName, tranche: p.trancheName }));
      for (const f of statementFigureRows(p)) {
        row(f.label, statementAmount(f.amount), f.label === copy.file.closing);
      }
      doc.moveDown(0.3).font("Helvetica-Bold").fontSize(10).text(copy.file.transactionsHeading, 56);
      if (p.transactions.length === 0) doc.font("Helvetica").text(copy.file.noTransactions);
      for (const t of p.transactions) {
        row(
          `${statementDate(t.timestamp)}  ${statementTransactionLabel(t)}`,
          statementAmount(t.amount),
        );
      }
    }
    heading(copy.file.total);
    for (const f of statementFigureRows(s.totals)) {
      row(f.label, statementAmount(f.amount), f.label === copy.file.closing);
    }
    heading(copy.file.rewardsHeading);
    if (s.rewards.length === 0) doc.font("Helvetica").fontSize(10).text(copy.file.noRewards);
    for (const r of s.rewards) {
      row(
        `${statementDate(r.timestamp)}  ${statementRewardLabel(r)}`,
        statementAmount(r.amount, r.token),
      );
    }
    for (const t of s.rewardTotals) row(copy.file.total, statementAmount(t.amount, t.token), true);

    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font("Helvetica")
        .fontSize(8)
        .fillColor("#555")
        .text(fill(copy.file.page, { page: i + 1, pages: range.count }), 56, doc.page.height - 40, {
          width,
          align: "center",
        });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  });
}
