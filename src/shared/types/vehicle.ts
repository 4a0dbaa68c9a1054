/** One stored photo with the URLs of its variants (DESIGN.md difference 4). */
export type VehiclePhoto = {
  /** The 1200 px JPEG (spec §9). */
  src: string;
  /** WebP variants for `srcset`. */
  srcSet: string;
  width: number;
  height: number;
};

/** A vehicle as the API and pages see it: images are URLs, never inline data. */
export type Vehicle = {
  id: string;
  year: number;
  make: string;
  model: string;
  price: number;
  mileage: number;
  transmission: string;
  drivetrain: string;
  bodyStyle: string;
  exteriorColor: string;
  vin: string;
  features: string[];
  description: string | null;
  /** 1200 px JPEG URL of each photo; the first is the cover. */
  images: string[];
  photos: VehiclePhoto[];
  createdAt: string;
  updatedAt: string;
};
