/** The KYC modal, its toasts, the connect check and the built-in (local) provider's widget. */
export const kyc = {
  title: "Identity Verification",
  intro:
    "Before you lend, your wallet must be authorised to use our identity verification provider's widget. Sign a message to start; the verification opens in a new window.",
  verifyingAs: "I am verifying as",
  individual: "An individual",
  business: "A business entity",
  doNotClose: "Do not close this window while the verification is in progress.",
  windowDidNotOpen: "The verification window did not open? {link}.",
  openPage: "Open the verification page",
  authorise: "Authorise KYC Process",
  toasts: {
    waitingSignatureTitle: "Waiting for signature",
    waitingSignature: "Sign the message in your wallet to authorise the KYC process.",
    waitingProviderTitle: "Waiting for the verification provider",
    waitingProvider:
      "Complete the verification in the window that opened. Do not close this window.",
    authorisationError: "KYC Authorisation Error",
    signatureDeclined: "Message signature request declined. Unable to authorise the KYC process.",
    notCompleted: "Identity verification process is not yet completed.",
    underReview: "Your identity is being reviewed by our team. Please return to this page later.",
    verifiedTitle: "Identity verified",
    continuingIn: {
      one: "Continuing in {seconds} second.",
      other: "Continuing in {seconds} seconds.",
    },
    statusUnavailable: "Verification status unavailable",
    emailUpdateError: "Email update error",
    emailUpdateErrorMessage:
      "An unexpected error occured while updating your email. Please try again or contact us via the feedback link.",
  },
  local: {
    title: "Identity verification",
    lead: "The built-in verification of this installation: state who lends, and the team reviews it.",
    noSession:
      "This page opens from the verification step of the app. Start the verification again from the lending page.",
    whoLends: "Who lends?",
    fullName: "Full name",
    businessName: "Registered name of the business",
    email: "Email (optional)",
    /** issue 24 item 7: the widget's email is the lender's only once its code is confirmed */
    emailHint: "We mail a code to confirm it; it is yours once you enter that code in the app.",
    pendingEmail:
      "We sent a 6-digit code to {email}, valid for 10 minutes. Enter it under Add email in My Portfolio (I have a code) to confirm this email.",
    pendingEmailError:
      "No code could be sent to {email} ({reason}). You can add an email later in My Portfolio.",
    submit: "Submit for verification",
    submitting: "Submitting...",
    unreachable: "The server could not be reached: try again.",
    result: "{status}.",
    statusText: {
      Active: "Your identity is verified. You can close this page and lend.",
      "No Email": "Your identity is verified. Add an email later to receive notifications.",
      "To be reviewed":
        "Your identity is being reviewed by our team. Please return to this page later.",
      Rejected: "Your identity verification was rejected.",
    },
  },
  /** a rejection's message with the reason the reviewer gave (the operator console) */
  rejectedWithReason: "{message}. Reason: {reason}",
} as const;
