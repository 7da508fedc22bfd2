import { common } from "./common";

/** The withdraw modal (loaded on demand, issue 11; spec sections 2, 4 and 5). */
export const withdraw = {
  title: common.modalTitles.withdraw,
  stepsLabel: "Withdraw steps",
  steps: { details: "Details", review: "Review", done: "Confirmed" },
  details: {
    pool: "Lending pool",
    totalInvested: "Total invested",
    trancheBalance: "Tranche balance",
    availableToWithdraw: "Available to withdraw",
    usdc: "{amount} USDC",
    tranche: "Tranche",
    amount: "Amount (USDC)",
    max: "Max",
    next: "Next",
  },
  review: {
    pool: "Lending pool",
    tranche: "Tranche",
    amount: "Amount",
    destination: "Destination wallet",
    terms:
      "Your withdrawal is subject to the {link}. It is paid to the wallet above, from the liquidity available when it is processed; any part that cannot be paid stays queued for the following epochs.",
    termsLink: "Important Information Document",
    schedule:
      "This request is processed in the clearing period that starts on {date} (a request made during a clearing period belongs to the next epoch). The USDC arrives in your wallet once your request is processed.",
    scheduleNoDate:
      "This request is processed in the next clearing period. The USDC arrives in your wallet once your request is processed.",
    adjust: "Adjust",
    confirm: "Confirm",
    confirming: "Confirming...",
  },
  done: {
    title: "Your withdrawal request was submitted.",
    text: "It is processed in the clearing period that starts on {date}; the USDC is then sent to {address}. You can follow it in My Portfolio.",
    textNoDate:
      "It is processed in the next clearing period; the USDC is then sent to {address}. You can follow it in My Portfolio.",
    transaction: "Transaction: {link}",
    close: "Close",
  },
} as const;
