import v1 from "../content/loan-contract/v1.en.json";

/** The structured contract, sent to the browser as a JSON string (`formattedMessage`). */
export type FormattedContract = {
  title: string;
  version: string;
  sections: { heading: string; paragraphs: string[] }[];
  importantNote: string;
};

type ContractSource = {
  version: string;
  language: string;
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
  importantNote: string;
};

/** Versioned wording: a new version is a new JSON file, so stored contracts keep their text. */
const SOURCES: Record<string, ContractSource> = { v1 };
export const CURRENT_CONTRACT_VERSION = "v1";

export type ContractFields = {
  fullName: string;
  address: string;
  depositAmount: string;
  contractType: "retail" | "exempt";
  date: string;
  appName: string;
};

const fill = (text: string, fields: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, key: string) => fields[key] ?? m);

/** Fills the contract wording of `version` with the lender's details. */
export function renderContract(
  fields: ContractFields,
  version: string = CURRENT_CONTRACT_VERSION,
): { contractMessage: string; formatted: FormattedContract } {
  const source = SOURCES[version];
  if (!source) throw new Error(`Unknown loan contract version ${version}`);
  const values = {
    ...fields,
    contractTypeLabel: fields.contractType === "exempt" ? "professional (exempt)" : "retail",
  };
  const formatted: FormattedContract = {
    title: source.title,
    version: source.version,
    sections: source.sections.map((s) => ({
      heading: s.heading,
      paragraphs: s.paragraphs.map((p) => fill(p, values)),
    })),
    importantNote: fill(source.importantNote, values),
  };
  const contractMessage = [
    formatted.title,
    ...formatted.sections.flatMap((s) => ["", s.heading, ...s.paragraphs]),
    "",
    formatted.importantNote,
  ].join("\n");
  return { contractMessage, formatted };
}
