import type { Messages } from "./en";
import { booking } from "./es/booking";
import { contact } from "./es/contact";
import { financing } from "./es/financing";
import { inventory } from "./es/inventory";
import { layout } from "./es/layout";
import { options } from "./es/options";
import { pages } from "./es/pages";
import { shells } from "./es/shells";
import { site } from "./es/site";
import { privacy } from "./es/privacy";
import { vehicle } from "./es/vehicle";

/**
 * The public catalogue in US Spanish (es-US), formal "usted". Typed as `Messages`, so a key missing here
 * (or one added to the English catalogue without a translation) fails the typecheck.
 */
export const es: Messages = { layout, pages, shells, site, inventory, vehicle, options, contact, booking, financing, privacy };
