/**
 * The token reads (wallet balances, swap balances, allowances), loaded through `loadTokenReads()`
 * (lib/stack/chunks): their own chunk, so that a page that reads only balances does not load every
 * read of ./sdk with the contracts' ABIs (about 17 KB gzip on /portfolio/wallet-balance, issue 26).
 */
export { readAllowance, readEthBalance, readTokenBalance } from "@lending/sdk";
