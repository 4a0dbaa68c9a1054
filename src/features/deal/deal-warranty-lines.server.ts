import { dealDocumentsMessagesFor } from "~/shared/i18n/deal-documents-messages";
import type { Locale } from "~/shared/i18n/locales";
import { describeDuration, describeSystems, type WarrantyTerms } from "~/shared/lib/warranty-terms";

/**
 * The deal sheet's warranty lines (page, PDF and mails) from the one source of warranty terms
 * (decision 091): the dealer's written warranty (the statute's, or the dealer's own terms with the
 * share it pays), or why the law requires none (its mileage or its price); then the implied warranty
 * and the Lemon Aid right, which hold for every vehicle (M.G.L. c. 106 §2-316A, c. 90 §7N).
 */
export function dealWarrantyLines(warranty: WarrantyTerms, locale: Locale): string[] {
  const m = dealDocumentsMessagesFor(locale).warranty;
  const lines: string[] = [];
  const dealer = warranty.dealer;
  if (dealer) {
    const { statutory } = warranty;
    const statutoryOnly =
      statutory !== null &&
      dealer.systems.length === 1 &&
      dealer.systems[0] === "use-or-safety" &&
      dealer.days === statutory.days &&
      dealer.miles === statutory.miles;
    lines.push(
      statutoryOnly
        ? m.warrantyStatutory(describeDuration(dealer, locale))
        : m.warrantyOwn(describeSystems(dealer, locale), describeDuration(dealer, locale)),
    );
    if (!statutoryOnly || dealer.laborPercent < 100 || dealer.partsPercent < 100)
      lines.push(m.warrantyShare(dealer.laborPercent, dealer.partsPercent));
  } else if (warranty.noWarrantyReason) {
    lines.push(warranty.noWarrantyReason === "price" ? m.noWarrantyPrice : m.noWarrantyMileage);
  }
  lines.push(m.impliedWarranty, m.lemonAid);
  return lines;
}
