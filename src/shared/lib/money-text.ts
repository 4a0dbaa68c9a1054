import type { Locale } from "~/shared/i18n/locales";

const DECIMAL: Record<Locale, { thousands: string; decimal: string; currency: string }> = {
  en: { thousands: ",", decimal: ".", currency: "$" },
  es: { thousands: ",", decimal: ".", currency: "$" },
  pt: { thousands: ".", decimal: ",", currency: "US$\u00a0" },
};

/** "$1,218.38" / "US$ 1.218,38": dollars with cents, written by hand so server and browser agree whatever their ICU. */
export function formatCents(dollars: number, locale: Locale): string {
  const style = DECIMAL[locale];
  const cents = Math.round(Math.abs(dollars) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, style.thousands);
  return `${dollars < 0 ? "-" : ""}${style.currency}${whole}${style.decimal}${String(cents % 100).padStart(2, "0")}`;
}

/** "8.9%" / "8,9%": a percent with up to three decimals. */
export function formatPercent(percent: number, locale: Locale): string {
  return `${String(Number(percent.toFixed(3))).replace(".", DECIMAL[locale].decimal)}%`;
}
