import { Link } from "react-router";
import { useMessages } from "~/shared/i18n/messages";

/** The line under every public form that links the privacy notice. */
export function PrivacyNotice({ className = "" }: { className?: string }) {
  const m = useMessages().privacy;
  return (
    <p className={`text-sm text-gray-700 ${className}`}>
      {m.formNotice}{" "}
      <Link to="/privacy" className="font-medium text-red-800 underline">
        {m.formNoticeLink}
      </Link>
    </p>
  );
}
