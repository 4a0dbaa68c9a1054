import { formatNumber } from "~/shared/lib/format";
import { businessProfile } from "~/shared/config/business-profile";
import {
  asIsAllowed,
  asIsViolatesLaw,
  effectiveWarrantyType,
  massachusettsWarranty,
  type StatutoryWarranty,
} from "~/shared/lib/massachusetts-warranty";
import type { Vehicle } from "~/shared/types/vehicle";
import { BUYERS_GUIDE_TEXT, type BuyersGuideLanguage } from "./buyers-guide-text";

/** What the Buyers Guide's warranty section says for one vehicle. */
export type BuyersGuideTerms = {
  /** Which box is checked: "as is", "implied warranties only" or the dealer warranty. */
  box: Vehicle["warrantyType"];
  /** The first box's version: the "as is" form, or the "implied warranties only" form (16 CFR 455 Figures 1/2). */
  version: "as_is" | "implied";
  /** Filled in when the dealer warranty box is checked. */
  dealer: { laborPercent: number; partsPercent: number; systems: string; duration: string } | null;
  /** The warranty Massachusetts law requires for this price and mileage, if any. */
  statutory: StatutoryWarranty | null;
  /** "As is" although the law requires a warranty: the dashboard warns. */
  violatesLaw: boolean;
};

/**
 * The warranty section for a vehicle: its warranty type picks the box; a dealer warranty without
 * its own terms is pre-filled with the Massachusetts statutory terms for its mileage and price
 * (M.G.L. c. 90 §7N¼: parts and labour, 90/60/30 days or 3,750/2,500/1,250 miles). With the
 * profile in Massachusetts the guide is always the "Implied Warranties Only" version and the box
 * is the one the law allows (`effectiveWarrantyType`, decision 060), whatever is stored.
 */
export function buyersGuideTerms(
  vehicle: Pick<Vehicle, "price" | "mileage" | "warrantyType" | "warrantySystems" | "warrantyDuration">,
  language: BuyersGuideLanguage = "en",
  region: string = businessProfile.address.region,
): BuyersGuideTerms {
  const statutory = massachusettsWarranty(vehicle.price, vehicle.mileage);
  const text = BUYERS_GUIDE_TEXT[language].statutory;
  const box = effectiveWarrantyType(vehicle, region);
  const dealer =
    box === "dealer"
      ? {
          laborPercent: 100,
          partsPercent: 100,
          systems: vehicle.warrantySystems ?? (statutory ? text.systems : ""),
          duration: vehicle.warrantyDuration ?? (statutory ? text.duration(statutory.days, formatNumber(statutory.miles)) : ""),
        }
      : null;
  // The "as is" version of the form (Figure 1) only where the state lets a dealer sell "as is".
  const version = asIsAllowed(region) && box === "as_is" ? "as_is" : "implied";
  return { box, version, dealer, statutory, violatesLaw: asIsViolatesLaw(vehicle) };
}
