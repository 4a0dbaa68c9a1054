import { useStaffMessages } from "~/shared/i18n/staff-messages";

/** A staff list that failed to load, with a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const m = useStaffMessages().staff.common;
  return (
    <p role="alert" className="mt-6 text-red-800">
      {m.loadFailed}{" "}
      <button type="button" onClick={onRetry} className="font-semibold underline">
        {m.retry}
      </button>
    </p>
  );
}
