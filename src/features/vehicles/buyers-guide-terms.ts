import { businessProfile } from "~/shared/config/business-profile";
import { advertisedPrice } from "~/shared/lib/deal-estimate";
import { asIsAllowed, asIsViolatesLaw, type StatutoryWarranty } from "~/shared/lib/massachusetts-warranty";
import { describeDuration, describeSystems, warrantyTermsFor } from "~/shared/lib/warranty-terms";
import type { Vehicle } from "~/shared/types/vehicle";
import type { BuyersGuideLanguage } from "./buyers-guide-text";

/** What the Buyers Guide's warranty section says for one vehicle. */
export type BuyersGuideTerms = {
  /** Which box is checked: "as is", "implied warranties only" or the dealer warranty. */
  box: Vehicle["warrantyType"];
  /** The first box's version: the "as is" form, or the "implied warranties only" form (16 CFR 455 Figures 1/2). */
  version: "as_is" | "implied";
  /** Filled in when the dealer warranty box is checked; null as well when a voluntary warranty has no terms yet. */
  dealer: { laborPercent: number; partsPercent: number; systems: string; duration: string } | null;
  /** The warranty Massachusetts law requires for this price (with the doc fee) and mileage, if any. */
  statutory: StatutoryWarranty | null;
  /** "As is" although the law requires a warranty: the dashboard warns. */
  violatesLaw: boolean;
};

/**
 * The warranty section for a vehicle, from the one source of warranty terms (decision 091,
 * `warrantyTermsFor`): the box the law allows, and the dealer warranty's own terms, or the
 * Massachusetts statutory terms for its band when it has none, in the guide's language. The price
 * the statute tests is the one the buyer pays, doc fee included. With the profile in Massachusetts
 * the guide is always the "Implied Warranties Only" version (decision 060).
 */
export function buyersGuideTerms(
  vehicle: Pick<Vehicle, "price" | "mileage" | "warrantyType" | "warrantyTerms">,
  docFee: number,
  language: BuyersGuideLanguage = "en",
  region: string = businessProfile.address.region,
): BuyersGuideTerms {
  const salePrice = advertisedPrice(vehicle.price, { docFee });
  const terms = warrantyTermsFor({ ...vehicle, salePrice }, region);
  const dealer = terms.dealer
    ? {
        laborPercent: terms.dealer.laborPercent,
        partsPercent: terms.dealer.partsPercent,
        systems: describeSystems(terms.dealer, language),
        duration: describeDuration(terms.dealer, language),
      }
    : null;
  // The "as is" version of the form (Figure 1) only where the state lets a dealer sell "as is".
  const version = asIsAllowed(region) && terms.box === "as_is" ? "as_is" : "implied";
  return { box: terms.box, version, dealer, statutory: terms.statutory, violatesLaw: asIsViolatesLaw({ ...vehicle, price: salePrice }) };
}
