import { useMessages } from "~/shared/i18n/messages";

/**
 * "We speak English, Spanish and Portuguese", then the same in Spanish and Portuguese, each
 * marked with its language so screen readers pronounce it and translators leave it alone.
 */
export function LanguagesSpoken({ className = "" }: { className?: string }) {
  const m = useMessages().layout.languages;
  return (
    <p className={className}>
      {m.weSpeak}{" "}
      <span lang="es" className="font-semibold">
        {m.spanish}
      </span>{" "}
      <span lang="pt-BR" className="font-semibold">
        {m.portuguese}
      </span>
    </p>
  );
}
