import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";

/**
 * The line under every public form that links the privacy notice, in the page's language. A plain link, not the router's: the privacy
 * page never hydrates (decision 149), and the booking wizard, an island, has no router (decision 158).
 */
export function PrivacyNotice({ className = "" }: { className?: string }) {
  const m = useMessages().privacy;
  const path = useLocalizedPath();
  return (
    <p className={`text-sm text-gray-700 ${className}`}>
      {m.formNotice}{" "}
      <a href={path("/privacy")} className="font-medium text-red-800 underline">
        {m.formNoticeLink}
      </a>
    </p>
  );
}
