import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { useHydrated } from "~/shared/ui/staff/staff-form";

type Language = "en" | "es" | "pt";
const LANGUAGES: Language[] = ["en", "es", "pt"];

/**
 * The vehicle form's description in English, Spanish and Portuguese, one tab each (the ARIA tabs
 * pattern: arrows, Home and End move between tabs). Every panel stays in the form while hidden, so
 * all three are sent; `panel` renders a language's labelled field. A refused save opens the first
 * language whose field has an error, which would otherwise sit in a hidden panel. Before JavaScript
 * runs there are no tabs: the three fields are shown one after the other.
 */
export function DescriptionTabs({
  idp,
  panel,
  invalid,
}: {
  idp: string;
  panel: (language: Language) => ReactNode;
  invalid: Language | null;
}) {
  const t = useStaffMessages().vehicleText.descriptions;
  const [selected, setSelected] = useState<Language>("en");
  useEffect(() => {
    if (invalid) setSelected(invalid);
  }, [invalid]);
  const tabs = useRef<Partial<Record<Language, HTMLButtonElement | null>>>({});
  const hydrated = useHydrated();

  function onKeyDown(event: KeyboardEvent) {
    const index = LANGUAGES.indexOf(selected);
    const next =
      event.key === "ArrowRight"
        ? LANGUAGES[(index + 1) % LANGUAGES.length]
        : event.key === "ArrowLeft"
          ? LANGUAGES[(index + LANGUAGES.length - 1) % LANGUAGES.length]
          : event.key === "Home"
            ? LANGUAGES[0]
            : event.key === "End"
              ? LANGUAGES[LANGUAGES.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  }

  return (
    <div>
      {hydrated ? (
        <div role="tablist" aria-label={t.tabs} className="flex gap-1 border-b border-gray-300">
          {LANGUAGES.map((language) => (
            <button
              key={language}
              ref={(element) => {
                tabs.current[language] = element;
              }}
              type="button"
              role="tab"
              id={`${idp}-description-tab-${language}`}
              aria-selected={selected === language}
              aria-controls={`${idp}-description-panel-${language}`}
              tabIndex={selected === language ? 0 : -1}
              onClick={() => setSelected(language)}
              onKeyDown={onKeyDown}
              className="-mb-px rounded-t-md border border-transparent px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-red-700 aria-selected:border-gray-300 aria-selected:border-b-white aria-selected:bg-white aria-selected:text-gray-900"
            >
              {t[language]}
            </button>
          ))}
        </div>
      ) : null}
      {LANGUAGES.map((language) => (
        <div
          key={language}
          role={hydrated ? "tabpanel" : undefined}
          id={`${idp}-description-panel-${language}`}
          aria-labelledby={hydrated ? `${idp}-description-tab-${language}` : undefined}
          hidden={hydrated && selected !== language}
          className="pt-3"
        >
          {panel(language)}
        </div>
      ))}
      <p className="mt-1 text-sm text-gray-700">{t.fallback}</p>
    </div>
  );
}
