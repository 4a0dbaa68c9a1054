import { Outlet } from "react-router";
import { pt } from "~/shared/i18n/pt";
import type { LocaleHandle } from "~/app/lib/locale-handle";

/** Layout route of the pt pages: carries the pt catalogue, so only this language's text is downloaded. */
export const handle: LocaleHandle = { locale: "pt", messages: pt };

export default function LocaleLayout() {
  return <Outlet />;
}
