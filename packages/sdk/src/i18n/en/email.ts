/**
 * The missing email modal (issue 12): a verified lender without an email ('No Email') adds one
 * through the email challenge (a mailed 6-digit code). The error toast is the spec's KYC copy
 * (`kyc.toasts.emailUpdateError`).
 */
export const email = {
  title: "Add your email",
  lead: "Your identity is verified, but we have no email for you. Add one to receive notifications, such as a borrower decision that needs your answer.",
  notice: "Add an email to receive notifications about your deposits.",
  open: "Add email",
  emailLabel: "Email",
  invalidEmail: "Enter a valid email address",
  sendCode: "Send code",
  /** a code already mailed (the KYC widget mails one to the email typed there) */
  haveCode: "I have a code",
  sending: "Sending...",
  codeSent: "We sent a 6-digit code to {email}. It is valid for 10 minutes.",
  codeLabel: "Confirmation code",
  invalidCode: "Enter the 6-digit code from the email",
  confirm: "Confirm",
  confirming: "Confirming...",
  changeEmail: "Use another email",
  signatureDeclined: "Message signature request declined.",
  updatedTitle: "Email updated",
  updated: "We will send notifications to {email}.",
} as const;
