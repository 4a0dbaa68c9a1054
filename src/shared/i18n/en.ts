import { admin } from "./en/admin";
import { layout } from "./en/layout";
import { pages } from "./en/pages";
import { shells } from "./en/shells";

/**
 * The English message catalogue: every user-facing string. Spanish and Portuguese
 * catalogues must have the same shape (`Messages`). Add a file under en/ per area.
 */
export const en = { layout, pages, shells, admin };

export type Messages = typeof en;
