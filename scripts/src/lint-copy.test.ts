import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { paths } from "./lib/paths";

/** Lints `code` as if it were the file `file` of the repo, with the repo's eslint config. */
async function copyErrors(code: string, file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: paths.root });
  const [result] = await eslint.lintText(code, { filePath: `${paths.root}/${file}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "copy/jsx-no-literals")
    .map((m) => m.message.replace(/^User-visible text "(.*)" in JSX.*$/, "$1"));
}

const component = (jsx: string) =>
  `export function C({ busy, n, t }: { busy: boolean; n: number; t: string }) {\n  return ${jsx};\n}\n`;

describe("copy/jsx-no-literals on the web app", () => {
  it("reports text, conditional strings, template text and shown attributes", async () => {
    const errors = await copyErrors(
      component(
        '<div aria-label="Main" className="p-4 text-sm" data-testid="x">Close {busy ? "Saving" : t} {`${n} USDC`}<input placeholder="Amount" /></div>',
      ),
      "apps/web/src/features/Example.tsx",
    );
    expect(errors).toEqual(["Main", "Close", "Saving", "USDC", "Amount"]);
  });

  it("allows catalog values, numbers and punctuation-only text", async () => {
    const errors = await copyErrors(
      component('<p title={t} className="x">{t} · {n} % — … {busy ? "" : "–"}</p>'),
      "apps/web/app/example/page.tsx",
    );
    expect(errors).toEqual([]);
  });

  it("checks the copy props of our own components", async () => {
    const errors = await copyErrors(
      component('<Page lead="Lend USDC" actLabel={t} empty="None" />'),
      "apps/web/app/example/page.tsx",
    );
    expect(errors).toEqual(["Lend USDC", "None"]);
  });

  it("leaves tests and the local-only dev pages alone", async () => {
    const jsx = component("<p>Outbox</p>");
    expect(await copyErrors(jsx, "apps/web/src/features/Example.test.tsx")).toEqual([]);
    expect(await copyErrors(jsx, "apps/web/app/dev/outbox/page.tsx")).toEqual([]);
  });
});
