import type { Weekday } from "~/shared/config/business-profile";

/** A bookable service from the menu (docs/behaviour.md §3 services). */
export type Service = {
  id: string;
  name: string;
  description: string;
  /** Minutes. */
  duration: number;
  /** Whole US dollars. */
  price: number;
  availableDays: Weekday[];
  /** "HH:mm" in the dealership's time zone. */
  availableTimes: string[];
};
