import { fillParts, type Placeholders } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { Fragment, type ReactNode } from "react";

/**
 * A catalog template whose placeholders are elements (a link, bold text):
 * `<Template text={pages.borrow.lenders} values={{ link: <AppLink href="/docs">...</AppLink> }} />`.
 */
export function Template<T extends string>({
  text,
  values,
}: {
  text: T;
  values: Record<Placeholders<T>, ReactNode>;
}) {
  return (
    <>
      {fillParts<T, ReactNode>(text, values).map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}

/**
 * A catalog template whose one placeholder, `{link}`, is an in-app link:
 * `<LinkedText text={pages.borrow.lenders} href="/docs" label={pages.borrow.lendersLink} />`.
 */
export function LinkedText<T extends string>({
  text,
  href,
  label,
}: {
  text: [Placeholders<T>] extends ["link"] ? T : never;
  href: string;
  label: string;
}) {
  const link = (
    <AppLink href={href} className="underline">
      {label}
    </AppLink>
  );
  return <Template<string> text={text} values={{ link }} />;
}
