import { booking } from "./en/booking";
import { contact } from "./en/contact";
import { financing } from "./en/financing";
import { inventory } from "./en/inventory";
import { layout } from "./en/layout";
import { options } from "./en/options";
import { pages } from "./en/pages";
import { shells } from "./en/shells";
import { site } from "./en/site";
import { privacy } from "./en/privacy";
import { vehicle } from "./en/vehicle";

/**
 * The English message catalogue: every user-facing string. Spanish and Portuguese
 * catalogues must have the same shape (`Messages`). Add a file under en/ per area.
 * The staff dashboard's text lives in staff-messages.ts, so public pages never load it.
 */
export const en = { layout, pages, shells, site, inventory, vehicle, options, contact, booking, financing, privacy };

export type Messages = typeof en;
