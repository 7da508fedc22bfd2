import { fill, loanContract } from "@lending/sdk";

/** What a v2 contract was generated for: the ids deposits under it must match. */
export type ContractTermIds = { poolId: string; trancheId: string; fixedTermConfigId: string };

/** The structured contract, sent to the browser as a JSON string (`formattedMessage`). */
export type FormattedContract = {
  title: string;
  version: string;
  sections: { heading: string; paragraphs: string[] }[];
  importantNote: string;
  /** v2 on: the pool, tranche and APY (0: variable) the contract is for */
  terms?: ContractTermIds;
};

type ContractSource = {
  title: string;
  contractTypeClause: Record<ContractFields["contractType"], string>;
  apyClause?: { variable: string; fixed: string };
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
  importantNote: string;
};

/**
 * Versioned wording from the catalog (`loanContract.versions`): a new wording is a new version,
 * so stored contracts keep their text. v2 names the pool, tranche, APY and term (issue 23).
 */
const SOURCES: Record<string, ContractSource> = loanContract.versions;
export const CURRENT_CONTRACT_VERSION = "v2";

/** The agreed terms as the contract states them (display strings) and their ids. */
export type ContractTerms = ContractTermIds & {
  poolName: string;
  trancheName: string;
  /** e.g. "12.00%" */
  apy: string;
  /** a fixed APY's term, e.g. "about 26 weeks", and its epochs; absent for variable */
  fixed?: { term: string; epochs: string };
};

export type ContractFields = {
  fullName: string;
  address: string;
  /** the amount in the money format, e.g. "1,000.00" */
  depositAmount: string;
  contractType: "retail" | "exempt";
  date: string;
  appName: string;
  /** required from v2 */
  terms?: ContractTerms;
};

/** Fills the contract wording of `version` with the lender's details. */
export function renderContract(
  fields: ContractFields,
  version: string = CURRENT_CONTRACT_VERSION,
): { contractMessage: string; formatted: FormattedContract } {
  const source = SOURCES[version];
  if (!source) throw new Error(`Unknown loan contract version ${version}`);
  const { terms, ...rest } = fields;
  if (source.apyClause && !terms) throw new Error(`Loan contract ${version} needs its terms`);
  const values: Record<string, string> = {
    ...rest,
    contractTypeClause: source.contractTypeClause[fields.contractType],
  };
  if (source.apyClause && terms) {
    Object.assign(values, {
      poolName: terms.poolName,
      trancheName: terms.trancheName,
      apy: terms.apy,
    });
    values.apyClause = terms.fixed
      ? fill(source.apyClause.fixed, { ...values, ...terms.fixed })
      : fill(source.apyClause.variable, values);
  }
  const formatted: FormattedContract = {
    title: source.title,
    version,
    sections: source.sections.map((s) => ({
      heading: s.heading,
      paragraphs: s.paragraphs.map((p) => fill(p, values)),
    })),
    importantNote: fill(source.importantNote, values),
    ...(source.apyClause && terms
      ? {
          terms: {
            poolId: terms.poolId,
            trancheId: terms.trancheId,
            fixedTermConfigId: terms.fixedTermConfigId,
          },
        }
      : {}),
  };
  const contractMessage = [
    formatted.title,
    ...formatted.sections.flatMap((s) => ["", s.heading, ...s.paragraphs]),
    "",
    formatted.importantNote,
  ].join("\n");
  return { contractMessage, formatted };
}
