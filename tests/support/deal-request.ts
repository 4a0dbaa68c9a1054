/**
 * A deal sheet's terms as a shopper's estimate most often leaves them: $2,000 down, no trade-in, good credit,
 * 60 months. Spread into a POST /api/deals body with the vehicle and the shopper (tests and benches).
 */
export const DEAL_TERMS = { downPayment: 2000, tradeInValue: 0, tradeInPayoff: 0, creditBand: "good", termMonths: 60 } as const;
