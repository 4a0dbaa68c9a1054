import { businessProfile } from "~/shared/config/business-profile";

/** dealer-clock.ts's zone, read from the profile as it does (importing it would make the public chunk export it). */
const DEALER_TIME_ZONE = businessProfile.timeZone;

/*
 * The dealership clock's display for staff (docs/decisions/102-one-dealership-clock.md). It sits beside
 * dealer-clock.ts rather than in it because the public pages load dealer-clock.ts with their first
 * script (the Open/Closed badge, the booking calendar's today) and the staff screens' formatting must
 * not ride along: every function of a module travels in the chunk that holds the module.
 */

/** The zone as people in the Northeast say it: "ET" whether daylight time or not; other zones by their name. */
export const DEALER_ZONE_LABEL = DEALER_TIME_ZONE === "America/New_York" ? "ET" : DEALER_TIME_ZONE;

const displayFormatters = new Map<string, Intl.DateTimeFormat>();
const DISPLAY_OPTIONS = {
  /** 11/28/2026, 2:05 PM: staff screens. */
  short: { month: "numeric", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  /** 11/28/2026: a day. */
  date: { month: "numeric", day: "numeric", year: "numeric" },
  /** Sat, Nov 28, 2026, 2:05 PM: mails. */
  long: { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * An instant as staff read it, on the dealership's clock with the zone labelled: "11/28/2026, 2:05 PM ET"
 * (`date`: "11/28/2026", no label). The same text on the server and in any browser, so a page renders
 * the same before and after hydration.
 */
export function formatDealerTime(instant: string | Date, style: keyof typeof DISPLAY_OPTIONS = "short"): string {
  let formatter = displayFormatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...DISPLAY_OPTIONS[style], timeZone: DEALER_TIME_ZONE });
    displayFormatters.set(style, formatter);
  }
  // Some ICU versions put a narrow no-break space before AM/PM: plain text everywhere gets a plain space.
  const text = formatter.format(new Date(instant)).replace(/\s/g, " ");
  return style === "date" ? text : `${text} ${DEALER_ZONE_LABEL}`;
}
