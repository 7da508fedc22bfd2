/** The mail after a clearing (issue 28 item 4) and its unsubscribe page and setting. */
export const epochMail = {
  subject: "{pool}: your requests of epoch {epoch} were processed",
  text: "Epoch {epoch} of {pool} was cleared on {date}. What happened to your requests:\n\n{lines}\n\nInterest of the epoch on your positions in {pool}: {interest} USDC.\n\nSee your portfolio: {url}\n\nTo stop these mails about cleared epochs (and nothing else): {unsubscribe}",
  depositLine:
    "Deposit #{nftId} to {tranche}: {amount} USDC requested, {accepted} USDC accepted, {moved} USDC moved to a more senior tranche, {rejected} USDC returned to your wallet.",
  withdrawalLine:
    "Withdrawal #{nftId} from {tranche}: {accepted} USDC paid, {rejected} USDC not filled and returned to your balance (you may request it again).",
  forcedLine:
    "Forced withdrawal #{nftId} from {tranche}: {accepted} USDC paid, {rolledOver} USDC rolled over to the next epoch.",
  /** /unsubscribe?token=… */
  pageTitle: "Epoch mails",
  pageText:
    "Stop the mails we send when an epoch of a pool is cleared with your requests in it. Other mails are not affected.",
  pageConfirm: "Unsubscribe",
  pageDone: "Done: you will get no more epoch mails. You can turn them on again in your portfolio.",
  pageInvalid:
    "This unsubscribe link is not valid. Use the link from the latest mail, or change the setting in your portfolio.",
  pageError: "Something went wrong. Please try again.",
  /** The portfolio's setting. */
  setting: "Mail me when an epoch clears my requests",
  settingOn: "Epoch mails are on.",
  settingOff: "Epoch mails are off.",
  settingSignIn: "Sign in with your wallet to change this setting.",
  settingError: "The setting could not be saved. Please try again.",
} as const;
