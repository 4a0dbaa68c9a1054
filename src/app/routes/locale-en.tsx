import { Outlet } from "react-router";
import { en } from "~/shared/i18n/en";
import type { LocaleHandle } from "~/app/lib/locale-handle";

/** Layout route of the en pages: carries the en catalogue, so only this language's text is downloaded. */
export const handle: LocaleHandle = { locale: "en", messages: en };

export default function LocaleLayout() {
  return <Outlet />;
}
