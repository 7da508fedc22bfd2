import { fillParts, type Placeholders } from "@lending/sdk";
import { Fragment, type ReactNode } from "react";

/**
 * A catalog template whose placeholders are elements (a link, bold text):
 * `<Template text={pages.borrow.lenders} values={{ link: <Link href="/docs">...</Link> }} />`.
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
