/**
 * The Loan Contract: the modal's frame and the versioned contract wording the server fills. A new
 * wording is a new version (`v2` ...), so stored contracts keep the text their lender signed.
 */
export const loanContract = {
  title: "Loan Contract",
  expand: "Expand",
  minimise: "Minimise",
  scrollToBottom: "Scroll to bottom",
  textLabel: "Loan contract text",
  signingDate: "Signing date: {date}",
  back: "Back",
  accept: "Accept",
  close: "Close",
  /** the server's answers when a deposit is authorised without a fitting accepted contract */
  notAccepted: "The Loan Contract has not been accepted: accept it before confirming",
  amountAboveContract:
    "The amount is above the amount of the accepted Loan Contract: generate a new one",
  otherTerms: "The accepted Loan Contract is for another pool, tranche or APY: generate a new one",
  /** when the chain does not know the pool, tranche or fixed term a contract is asked for */
  unknownTerms: "No such pool, tranche or fixed term is open for deposits",
  versions: {
    v1: {
      title: "Loan Contract",
      /** the clause variant by contract type, filled into `{contractTypeClause}` */
      contractTypeClause: {
        retail: "The Lender is treated as a retail lender.",
        exempt: "The Lender is treated as a professional (exempt) lender.",
      },
      sections: [
        {
          heading: "1. Parties",
          paragraphs: [
            'This loan contract is made on {date} between {fullName} (the "Lender"), holding the wallet {address}, and the lending pool operated through {appName} (the "Borrower Pool").',
            "{contractTypeClause}",
          ],
        },
        {
          heading: "2. The loan",
          paragraphs: [
            "The Lender lends {depositAmount} USDC to the chosen tranche of the Borrower Pool by depositing it through the smart contracts of the protocol.",
            "Deposits are accepted, rejected or reallocated at the end of the 7-day epoch in which they are requested. Only the accepted amount is lent.",
          ],
        },
        {
          heading: "3. Interest and repayment",
          paragraphs: [
            "The accepted amount earns interest at the tranche's rate for every epoch it stays lent, less the protocol fee of 10% of the Lender's interest.",
            "Withdrawals are requested through the protocol and paid out as the Borrower Pool has liquidity; fixed-term deposits are repaid at the end of their term.",
          ],
        },
        {
          heading: "4. Risks",
          paragraphs: [
            "Loans to end borrowers can be repaid late or not at all. Junior tranches absorb losses before more senior tranches, and every tranche is subordinated to the senior lender of the pool.",
            "The value of the Lender's position can go down as well as up, and smart contracts can fail.",
          ],
        },
      ],
      importantNote:
        "Important: this contract is valid for 5 minutes after it was generated. Read it in full before you accept it; by accepting, you confirm that you understand the risks of lending to end borrowers.",
    },
    /**
     * v2 (issue 23): the contract states what is agreed: the pool, the tranche, the APY (variable,
     * or fixed with its term), the amount in the money format, the lender's wallet.
     */
    v2: {
      title: "Loan Contract",
      contractTypeClause: {
        retail: "The Lender is treated as a retail lender.",
        exempt: "The Lender is treated as a professional (exempt) lender.",
      },
      /** the APY clause, filled into `{apyClause}` */
      apyClause: {
        variable:
          "The accepted amount earns the variable APY of the {trancheName} tranche, {apy} when this contract was generated. The variable APY can change every epoch.",
        fixed:
          "The accepted amount earns a fixed APY of {apy} for {term} ({epochs} epochs of 7 days) from the epoch in which it is accepted. After the term it earns the variable APY of the {trancheName} tranche unless the Lender asked to withdraw it at expiry.",
      },
      sections: [
        {
          heading: "1. Parties",
          paragraphs: [
            'This loan contract is made on {date} between {fullName} (the "Lender"), holding the wallet {address}, and the {poolName} lending pool operated through {appName} (the "Borrower Pool").',
            "{contractTypeClause}",
          ],
        },
        {
          heading: "2. The loan",
          paragraphs: [
            "The Lender lends {depositAmount} USDC to the {trancheName} tranche of the {poolName} pool by depositing it from the wallet {address} through the smart contracts of the protocol.",
            "Deposits are accepted, rejected or reallocated at the end of the 7-day epoch in which they are requested. Only the accepted amount is lent.",
          ],
        },
        {
          heading: "3. Interest and repayment",
          paragraphs: [
            "{apyClause}",
            "The protocol fee is 10% of the Lender's interest.",
            "Withdrawals are requested through the protocol and paid out as the Borrower Pool has liquidity; a fixed-term loan can be withdrawn at the end of its term.",
          ],
        },
        {
          heading: "4. Risks",
          paragraphs: [
            "Loans to end borrowers can be repaid late or not at all. Junior tranches absorb losses before more senior tranches, and every tranche is subordinated to the senior lender of the pool.",
            "The value of the Lender's position can go down as well as up, and smart contracts can fail.",
          ],
        },
      ],
      importantNote:
        "Important: this contract is valid for 5 minutes after it was generated. Read it in full before you accept it; by accepting, you confirm that you understand the risks of lending to end borrowers.",
    },
  },
} as const;
