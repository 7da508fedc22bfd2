import { pages } from "@lending/sdk";
import Link from "next/link";
import { PageHeader } from "@/components/layout/Page";

const copy = pages.notFound;

export default function NotFound() {
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <Link href="/lending" className="font-medium text-emerald-700 hover:underline">
        {copy.link}
      </Link>
    </>
  );
}
