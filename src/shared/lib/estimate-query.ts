/** The query fields the estimate reads: a vehicle page with any of them is answered fresh, not from the page cache. */
export const ESTIMATE_QUERY_FIELDS = ["downPayment", "tradeInValue", "tradeInPayoff", "creditBand", "termMonths"] as const;

/**
 * The estimate's fields a URL carries ("tradeInValue=6800"), in a fixed order, blank ones left out; ""
 * when there are none. The inventory page hands them on to the vehicle pages it links to, so a value
 * brought from a trade-in offer reaches the estimate of whichever car the shopper opens.
 */
export function carriedEstimateQuery(params: URLSearchParams): string {
  const carried = new URLSearchParams();
  for (const field of ESTIMATE_QUERY_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) carried.set(field, value);
  }
  return carried.toString();
}
