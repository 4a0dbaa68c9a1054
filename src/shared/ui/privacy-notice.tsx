import { useMessages } from "~/shared/i18n/messages";

/**
 * The line under every public form that links the privacy notice. A plain link, not the router's: the privacy
 * page never hydrates (decision 149), and the booking wizard, an island, has no router (decision 158).
 */
export function PrivacyNotice({ className = "" }: { className?: string }) {
  const m = useMessages().privacy;
  return (
    <p className={`text-sm text-gray-700 ${className}`}>
      {m.formNotice}{" "}
      <a href="/privacy" className="font-medium text-red-800 underline">
        {m.formNoticeLink}
      </a>
    </p>
  );
}
