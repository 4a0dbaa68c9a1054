/**
 * The dealership's identifiers on the marketplaces its feeds go to. Server-only: no page shows them, and
 * the business profile (src/shared/config/business-profile.ts) is in every page's first-load JavaScript.
 */
export const marketplaceIds = {
  /**
   * Google's `store_code` (and `in_store:{code}` in Vehicle Ads' `vehicle_fulfillment`). For Vehicle Ads
   * it must be the store code of the dealership's Business Profile location; Vehicle Listings accept any
   * identifier unique to the dealership.
   */
  googleStoreCode: "DEMO-FITCHBURG-01",
  /** Meta's automotive catalog `dealer_id`: any stable id the dealer chooses. */
  metaDealerId: "demo-motors-fitchburg",
} as const;
