/** Email and Google sign-in, the embedded wallet (View Wallet) and linked wallets (issue 14). */
export const account = {
  options: {
    google: "Google",
    email: "Email",
  },
  /** the connect modal's email steps */
  email: {
    title: "Sign in with email",
    emailLabel: "Email address",
    emailHint: "We send you a 6-digit code. No password needed.",
    sendCode: "Send code",
    sending: "Sending…",
    invalidEmail: "Enter a valid email address",
    codeSent: "We sent a 6-digit code to {email}. It is valid for 10 minutes.",
    codeLabel: "Code",
    invalidCode: "Enter the 6-digit code from the email",
    verify: "Sign in",
    verifying: "Signing in…",
    resend: "Send a new code",
    changeEmail: "Use another email",
    back: "Back",
  },
  google: {
    redirecting: "Opening Google…",
    failedTitle: "Sign-in failed",
    /** by the code of `?signinError=` */
    errors: {
      state: "The sign-in did not start in this browser. Start again.",
      expired: "This Google sign-in has expired or was already used. Start again.",
      unavailable: "Google sign-in is unavailable. Try again later.",
      failed: "Google sign-in failed. Try again.",
    },
  },
  /** after sign-in: the embedded wallet is created, unlocked or restored */
  setup: {
    creating: "Setting up your wallet…",
    restoreTitle: "Restore your wallet",
    restoreText:
      "Your wallet was created in another browser. Enter its recovery password to use it here.",
    restore: "Restore wallet",
    restoring: "Restoring…",
    wrongPassword: "Wrong recovery password. Nothing was changed: try again.",
    noBackup:
      "Your wallet was created in another browser and has no recovery password, so it cannot be restored here. Open the app in that browser and set a recovery password.",
    failed: "Your wallet could not be set up: {reason}",
    close: "Close",
    /** failures in this browser, by code */
    errors: {
      noDeviceKey: "this browser does not hold your wallet's key. Sign in again to restore it.",
      backupMismatch: "the stored backup is not of this account's wallet.",
      notSignedIn: "sign in with email or Google first.",
      unexpected: "something went wrong. Try again.",
    },
  },
  /** shown at each sign-in and in View Wallet until a recovery password is set */
  noRecovery: {
    title: "No recovery password yet",
    text: "Your wallet lives only in this browser. If you lose this browser or clear its data, you lose the wallet and its funds. Set a recovery password to restore it anywhere.",
    action: "Set a recovery password",
  },
  signedInAs: "Signed in as {who}",
  embeddedWallet: "Embedded wallet",
  view: {
    balances: "Balances",
    usdc: "USDC",
    eth: "ETH",
    loading: "Loading…",
    unavailable: "Unavailable",
    readError: "The balances could not be read from the network.",
    addFunds: "Add Funds",
    setRecovery: "Set a recovery password",
    exportWallet: "Export Embedded Wallet",
    back: "Back",
  },
  receive: {
    title: "Receive funds",
    text: "Send USDC or ETH on {chain} to this address. Funds sent on another network are lost.",
    network: "Network",
    address: "Your address",
    copy: "Copy address",
    copied: "Copied",
    qrLabel: "QR code of your address",
    onRamp: "Buy with {provider}",
  },
  recovery: {
    title: "Set a recovery password",
    text: "With this password you can restore your wallet in any browser. We never see it: it encrypts your key in this browser, and only the encrypted key is stored on our server. If you forget it, nobody can recover the wallet for you.",
    password: "Recovery password",
    confirm: "Repeat the recovery password",
    save: "Save recovery password",
    saving: "Encrypting…",
    saved: "Recovery password set. You can now restore this wallet in any browser.",
    replaces: "A new password replaces the previous one.",
  },
  export: {
    title: "Export Embedded Wallet",
    warning:
      "Anyone who has this key controls the wallet and its funds. Never share it, never paste it into a website.",
    reveal: "Show private key",
    keyLabel: "Private key",
    copy: "Copy key",
    expired:
      "For your security, the key can be shown only within 5 minutes of signing in. Sign in again to export it.",
    signInAgain: "Sign in again",
  },
  linked: {
    accountTitle: "Wallets of {who}",
    useWallet: "Use this wallet",
    viewWallet: "View Wallet",
    linkWallet: "Link {wallet} to your account",
    linking: "Confirm in your wallet…",
    notConnected: "Connect this wallet in this browser to use it",
    signOut: "Sign out",
    signOutEverywhere: "Sign out everywhere",
    unlink: "Unlink",
    unlinkLabel: "Unlink {address} from your account",
  },
  errors: {
    notSignedIn: "Sign in with email or Google first.",
  },
} as const;
