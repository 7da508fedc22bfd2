import { fill, loanContract } from "@lending/sdk";

/** The structured contract, sent to the browser as a JSON string (`formattedMessage`). */
export type FormattedContract = {
  title: string;
  version: string;
  sections: { heading: string; paragraphs: string[] }[];
  importantNote: string;
};

type ContractSource = {
  title: string;
  contractTypeClause: Record<ContractFields["contractType"], string>;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
  importantNote: string;
};

/**
 * Versioned wording from the catalog (`loanContract.versions`): a new wording is a new version,
 * so stored contracts keep their text.
 */
const SOURCES: Record<string, ContractSource> = loanContract.versions;
export const CURRENT_CONTRACT_VERSION = "v1";

export type ContractFields = {
  fullName: string;
  address: string;
  depositAmount: string;
  contractType: "retail" | "exempt";
  date: string;
  appName: string;
};

/** Fills the contract wording of `version` with the lender's details. */
export function renderContract(
  fields: ContractFields,
  version: string = CURRENT_CONTRACT_VERSION,
): { contractMessage: string; formatted: FormattedContract } {
  const source = SOURCES[version];
  if (!source) throw new Error(`Unknown loan contract version ${version}`);
  const values: Record<string, string> = {
    ...fields,
    contractTypeClause: source.contractTypeClause[fields.contractType],
  };
  const formatted: FormattedContract = {
    title: source.title,
    version,
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
