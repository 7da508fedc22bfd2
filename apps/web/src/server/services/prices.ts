/** USD prices by token symbol. */
export interface PriceFeed {
  prices(symbols: string[]): Promise<Record<string, number>>;
}

/**
 * Fixed reference prices for the local chain and tests (no market exists there). Stablecoins are
 * 1; the others are round figures, not quotes.
 */
export const FIXED_USD_PRICES: Readonly<Record<string, number>> = {
  USDC: 1,
  USDBC: 1,
  ETH: 3000,
  WETH: 3000,
  WSTETH: 3500,
  CBETH: 3200,
  AERO: 1,
  BRETT: 0.1,
  BENJI: 0.01,
  DEGEN: 0.01,
  KSU: 0.5,
};

export class FixedPriceFeed implements PriceFeed {
  constructor(private readonly table: Readonly<Record<string, number>> = FIXED_USD_PRICES) {}
  async prices(symbols: string[]): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const s of symbols) {
      const price = this.table[s.toUpperCase()];
      if (price !== undefined) out[s] = price;
    }
    return out;
  }
}
