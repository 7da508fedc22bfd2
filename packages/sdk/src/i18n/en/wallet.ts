import { common } from "./common";

/** Wallet button, connect and linked-wallets modals, wrong-network bar, wallet errors. */
export const wallet = {
  connectWallet: "Connect Wallet",
  connected: "Connected",
  connectTitle: common.modalTitles.connectWallet,
  detected: "Detected wallets",
  otherOptions: "Other options",
  chooseWallet: "Choose a wallet",
  confirmInWallet: "Confirm the connection in your wallet…",
  connectionFailed: "Wallet connection failed",
  options: {
    browser: "Browser Wallet",
    walletConnect: "WalletConnect",
    coinbase: "Coinbase Wallet",
    dev: "Dev Wallet",
  },
  linkedTitle: "Linked wallets",
  noneConnected: "No wallet is connected.",
  disconnect: "Disconnect",
  active: "Active",
  useAccount: "Use this account",
  linkAnother: "Link another wallet",
  disconnectAll: "Disconnect all",
  wrongNetwork: "Wrong network",
  wrongNetworkText: "Your wallet is on a different network. This app runs on {chain}.",
  switchTo: "Switch to {chain}",
  unknownChain: "chain {chainId}",
  /** the KYC status check on connect (spec section 4) */
  toasts: {
    accountConnected: "Account connected",
    verifyingStatus: "Verifying status of account...",
    accountChange: "Account change detected",
  },
  errors: {
    rejected: "The request was rejected in the wallet.",
    noBrowserWallet:
      "No browser wallet was found. Install a wallet extension or choose another option.",
    alreadyConnected: "This wallet is already connected.",
    cannotSwitch:
      "This wallet cannot switch to the required network. Switch it in the wallet itself.",
    unreachable: "The network could not be reached. Try again in a moment.",
    other: "Something went wrong. Please try again.",
  },
} as const;
