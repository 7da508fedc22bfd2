import { pages } from "@lending/sdk";
import Link from "next/link";
import { PageHeader } from "./Page";

const copy = pages.notFound;

/** The app's 404 page (app/not-found.tsx), also what /manage shows a wallet with no operator role. */
export function NotFoundView() {
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <Link href="/lending" className="font-medium text-emerald-700 hover:underline">
        {copy.link}
      </Link>
    </>
  );
}
