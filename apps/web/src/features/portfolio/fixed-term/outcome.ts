import { fill, fixedLoanOutcome, fixedTerm, formatDate, type FixedLoan } from "@lending/sdk";

/** A unix time (seconds) as DD.MM.YYYY. */
export const fixedLoanDate = (unixSeconds: number) => formatDate(new Date(unixSeconds * 1000));

/**
 * What happens at the end of a fixed loan, as the portfolio says it: it converts to variable on
 * DD.MM.YYYY, or its withdrawal is requested and paid after epoch N.
 */
export function fixedLoanOutcomeText(loan: FixedLoan): string {
  const outcome = fixedLoanOutcome(loan);
  return outcome.kind === "converts"
    ? fill(fixedTerm.loans.convertsOn, { date: fixedLoanDate(outcome.at) })
    : fill(fixedTerm.loans.withdrawalRequested, { epoch: outcome.paidAfterEpoch.toString() });
}
