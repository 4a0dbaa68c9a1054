import type { Messages } from "./en";
import { booking } from "./pt/booking";
import { contact } from "./pt/contact";
import { financing } from "./pt/financing";
import { inventory } from "./pt/inventory";
import { layout } from "./pt/layout";
import { options } from "./pt/options";
import { pages } from "./pt/pages";
import { shells } from "./pt/shells";
import { site } from "./pt/site";
import { privacy } from "./pt/privacy";
import { vehicle } from "./pt/vehicle";

/**
 * The public catalogue in Brazilian Portuguese (pt-BR), "você". Typed as `Messages`, so a key missing here
 * (or one added to the English catalogue without a translation) fails the typecheck.
 */
export const pt: Messages = { layout, pages, shells, site, inventory, vehicle, options, contact, booking, financing, privacy };
