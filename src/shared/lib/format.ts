const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");

/** "$12,995": whole US dollars, never cents (spec §9). */
export function formatPrice(dollars: number): string {
  return usd.format(Math.round(dollars));
}

/** "84,210" with thousands separators. */
export function formatNumber(n: number): string {
  return count.format(n);
}
