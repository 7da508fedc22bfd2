import { fill, pages, parsePoolRange, poolPage } from "@lending/sdk";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { PageHeader } from "@/components/layout/Page";
import { PoolPage } from "@/features/pool-page/PoolPage";
import {
  findPool,
  parsePoolId,
  poolEpochs,
  poolIncidentsAndLosses,
  poolRepayments,
} from "@/server/services/pool-page";

type Props = {
  params: Promise<{ poolId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The pool, once per request (the page and its metadata); "error" when the chain is down. */
const loadPool = cache(async (raw: string) => {
  const id = parsePoolId(raw);
  if (id === null) return null;
  try {
    return await findPool(id);
  } catch (error) {
    console.error(`[render] pool ${raw} not read:`, error);
    return "error" as const;
  }
});

/** A section's data, or null (the section says it is unavailable) when its source fails. */
async function orNull<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    console.warn(`[render] pool page: ${what} not read:`, error);
    return null;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const pool = await loadPool((await params).poolId);
  if (pool === null || pool === "error") return { title: pages.notFound.title };
  return { title: fill(poolPage.metaTitle, { pool: pool.poolName }) };
}

/** /lending/[poolId]: a pool's page, rendered on the server; an unknown id is the 404 page. */
export default async function PoolRoute({ params, searchParams }: Props) {
  await connection();
  const { poolId } = await params;
  const pool = await loadPool(poolId);
  if (pool === null) notFound();
  if (pool === "error") {
    return (
      <>
        <PageHeader title={pages.lending.title} />
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          {poolPage.readError}
        </p>
      </>
    );
  }
  const range = parsePoolRange((await searchParams).range);
  const [epochs, repayments, incidents] = await Promise.all([
    orNull("epochs", async () => (await poolEpochs(pool.id)).items),
    orNull("repayments", () => poolRepayments(pool.id)),
    orNull("incidents", () => poolIncidentsAndLosses(pool.id)),
  ]);
  return (
    <PoolPage
      pool={pool}
      range={range}
      epochs={epochs}
      repayments={repayments}
      incidents={incidents}
    />
  );
}
