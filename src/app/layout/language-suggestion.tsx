import { useLocation } from "react-router";
import { useLocale } from "~/shared/i18n/messages";
import { Island } from "~/shared/ui/island";
import { LanguageSuggestionIsland } from "./language-suggestion-island";

/** The offer of the shopper's preferred language on an English page, an island (language-suggestion-island.tsx). */
export function LanguageSuggestion() {
  const current = useLocale();
  const { pathname, search } = useLocation();
  return <Island name="language-suggestion" view={LanguageSuggestionIsland} props={{ current, pathname, search }} />;
}
