import { fill, poolPage, type Pool } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";

const copy = poolPage;

/** What the pool is (its on-chain subheading and how its tranches work) and its documents. */
export function AboutSection({ pool }: { pool: Pool }) {
  const count = pool.tranches.length;
  const text =
    count === 1
      ? fill(copy.descriptionSingle, { pool: pool.poolName })
      : fill(copy.description, { pool: pool.poolName, count: String(count) });
  return (
    <section aria-labelledby="pool-about" className="space-y-3">
      <h2 id="pool-about" className="text-xl font-semibold text-slate-900">
        {copy.about}
      </h2>
      <p className="max-w-3xl text-slate-700" data-testid="pool-description">
        {text}
      </p>
      <h3 className="font-semibold text-slate-900">{copy.documents}</h3>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="pool-documents">
        <li>
          <AppLink
            href="/lending/important-information-document"
            className="font-medium text-emerald-800 underline"
          >
            {copy.importantInformation}
          </AppLink>
        </li>
        <li>
          <AppLink href="/lending/risk-warning" className="font-medium text-emerald-800 underline">
            {copy.riskWarning}
          </AppLink>
        </li>
        <li>
          <AppLink href="/docs" className="font-medium text-emerald-800 underline">
            {copy.howItWorks}
          </AppLink>
        </li>
      </ul>
    </section>
  );
}
