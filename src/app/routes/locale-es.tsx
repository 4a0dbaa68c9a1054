import { Outlet } from "react-router";
import { es } from "~/shared/i18n/es";
import type { LocaleHandle } from "~/app/lib/locale-handle";

/** Layout route of the es pages: carries the es catalogue, so only this language's text is downloaded. */
export const handle: LocaleHandle = { locale: "es", messages: es };

export default function LocaleLayout() {
  return <Outlet />;
}
