import { pages } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { PageHeader } from "./Page";

const copy = pages.notFound;

/** The app's 404 page (app/not-found.tsx), also what /manage shows a wallet with no operator role. */
export function NotFoundView() {
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <AppLink href="/lending" className="font-medium text-emerald-700 hover:underline">
        {copy.link}
      </AppLink>
    </>
  );
}
