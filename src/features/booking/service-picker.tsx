import { Clock } from "lucide-react";
import { useLocale, useMessages } from "~/shared/i18n/messages";
import { formatPrice } from "~/shared/lib/format";
import type { Service } from "~/shared/types/service";

/**
 * Step 1: one card per service, as a radio group (arrow keys move between cards). The radios are the browser's
 * own (uncontrolled, `selectedId` the one checked when the page opens): one tapped before the page hydrates
 * stays checked, and the wizard goes on from it (decision 158).
 */
export function ServicePicker({
  services,
  selectedId,
  onSelect,
}: {
  services: Service[];
  selectedId: string | undefined;
  onSelect: (service: Service) => void;
}) {
  const m = useMessages().booking;
  const locale = useLocale();
  return (
    <fieldset>
      <legend className="text-xl font-bold text-gray-900">{m.steps.service}</legend>
      {services.length === 0 ? (
        <p className="mt-4 rounded-lg border border-gray-200 bg-gray-50 p-6 text-center text-gray-700">{m.noServices}</p>
      ) : (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {services.map((service) => (
            <label
              key={service.id}
              className="relative flex cursor-pointer flex-col rounded-lg border-2 border-gray-200 bg-white p-4 transition-colors hover:border-red-300 has-checked:border-red-700 has-checked:bg-red-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-red-700"
            >
              <input
                type="radio"
                name="serviceId"
                value={service.id}
                defaultChecked={selectedId === service.id}
                onChange={() => onSelect(service)}
                className="sr-only"
                aria-describedby={`service-${service.id}-details`}
              />
              <span className="font-semibold text-gray-900" lang={service.nameLang}>
                {service.name}
              </span>
              <span id={`service-${service.id}-details`} className="mt-1 flex flex-1 flex-col">
                <span className="text-sm text-gray-700" lang={service.descriptionLang}>
                  {service.description}
                </span>
                <span className="mt-3 flex items-center justify-between text-sm">
                  <span className="flex items-center gap-1 text-gray-700">
                    <Clock aria-hidden="true" className="h-4 w-4" />
                    {m.minutes(service.duration)}
                  </span>
                  <span className="text-base font-bold text-red-800">{formatPrice(service.price, locale)}</span>
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** Shown while the service menu (or, with `label`, another part of the flow) loads. */
export function ServicesLoading({ label }: { label?: string }) {
  const m = useMessages().booking;
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-gray-700">
      <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-gray-200 border-t-red-700" />
      <span className="sr-only">{label ?? m.loadingServices}</span>
    </div>
  );
}
