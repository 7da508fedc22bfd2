/**
 * Fixed terms in the portfolio (issue 12): the Fix APY modal, the withdraw funds at expiry
 * modal, the fixed loan modal, the auto conversion to variable modal and the portfolio's fixed
 * loan lines.
 */
export const fixedTerm = {
  usdc: "{amount} USDC",
  fixApy: {
    title: "Fix APY",
    open: "Fix APY",
    openFor: "Fix APY in {tranche}",
    disabled: "Fix APY: needs a variable balance available to withdraw in this tranche.",
    stepsLabel: "Fix APY steps",
    steps: { form: "Fix APY", done: "Confirmed" },
    intro:
      "Move part of your variable balance in {tranche} to a fixed APY for a fixed term. Interest is then paid at the fixed rate until the term ends.",
    available: "Variable balance you can fix",
    term: "Fixed term",
    termOption: "{apy} fixed APY, {duration}",
    noTerms: "No fixed term is available to you in this tranche.",
    amount: "Amount",
    max: "Max",
    confirm: "Fix APY",
    confirming: "Confirming...",
    cancel: "Cancel",
    lockedOutTitle: "Fix APY opens with the next epoch",
    lockedOut:
      "Fix APY is closed during the last 2 days of an epoch, while the epoch is cleared. It opens again in {countdown}.",
    done: {
      title: "Your APY is fixed.",
      transaction: "Transaction: {link}",
      close: "Close",
    },
    doneText:
      "{amount} USDC of your balance in {tranche} now earns a fixed {apy} APY, {duration} from the current epoch. Follow it in My Portfolio.",
  },
  atExpiry: {
    title: "Withdraw funds at expiry",
    open: "Withdraw at expiry",
    openFor: "Withdraw at expiry in {tranche}",
    stepsLabel: "Withdraw at expiry steps",
    steps: { select: "Select", done: "Confirmed" },
    caption: "Your fixed loans that can still be withdrawn at expiry",
    select: "Select",
    selectLoan: "Select the fixed loan of {amount} USDC fixed until {date}",
    startDate: "Start date",
    amount: "Amount",
    fixedUntil: "Fixed until",
    advance:
      "The withdrawal must be requested at least {epochs} {unit} before the fixed term ends. It is paid after the term ends, with the clearing of the following epoch.",
    epoch: "epoch",
    epochs: "epochs",
    none: "None of your fixed loans in this tranche can still be withdrawn at expiry.",
    selectRequired: "Select the fixed loan to withdraw at expiry.",
    cancel: "Cancel",
    confirm: "Confirm",
    confirming: "Confirming...",
    done: {
      title: "Your withdrawal at expiry was requested.",
      transaction: "Transaction: {link}",
      close: "Close",
    },
    doneText:
      "The fixed loan's USDC is sent to your wallet after epoch {epoch} is cleared, at the end of its term.",
  },
  loans: {
    heading: "Fixed loans",
    item: "{amount} USDC at {apy} fixed APY until {date}",
    convertsOn: "Converts to variable on {date}",
    withdrawalRequested: "Withdrawal requested, paid after epoch {epoch}",
    details: "Details",
    detailsOf: "Details of the fixed loan of {amount} USDC",
    whatHappens: "What happens at the end of a term?",
  },
  fixedLoan: {
    title: "Fixed loan",
    lockId: "Fixed loan ID",
    startTime: "Start date",
    endTime: "Fixed until",
    amount: "Amount",
    apy: "Fixed APY",
    outcome: "At the end of the term",
    close: "Close",
  },
  autoConversion: {
    title: "Auto conversion to variable",
    text: "When a fixed term ends, the fixed loan converts to your variable balance in the same tranche automatically: it keeps earning interest at the tranche's variable APY and you can withdraw it like any variable balance.",
    atExpiry:
      "To receive the USDC instead, choose Withdraw at expiry at least {epochs} {unit} before the term ends: the withdrawal is then paid with the clearing after the term.",
    close: "Close",
  },
} as const;
