import { Clock, Languages, Mail, MapPin, Phone } from "lucide-react";
import { businessProfile } from "~/shared/config/business-profile";
import { useMessages } from "~/shared/i18n/messages";
import { LanguagesSpoken } from "./languages-spoken";
import { WeeklyHours } from "./weekly-hours";

/** The dealership's address, phone, e-mail, staff languages and weekly hours, from the business profile. */
export function DealerContact({ showHours = true }: { showHours?: boolean }) {
  const m = useMessages().site.visit;
  const languages = useMessages().layout.languages;
  const { address, phone, phoneE164, email } = businessProfile;
  return (
    <dl className="space-y-4 text-gray-800">
      <Row icon={<MapPin aria-hidden="true" className="h-5 w-5 text-red-700" />} label={m.address}>
        {address.street}
        <br />
        {address.city}, {address.region} {address.postalCode}
      </Row>
      <Row icon={<Phone aria-hidden="true" className="h-5 w-5 text-red-700" />} label={m.phone}>
        <a href={`tel:${phoneE164}`} className="underline-offset-2 hover:underline">
          {phone}
        </a>
      </Row>
      <Row icon={<Mail aria-hidden="true" className="h-5 w-5 text-red-700" />} label={m.email}>
        <a href={`mailto:${email}`} className="underline-offset-2 hover:underline">
          {email}
        </a>
      </Row>
      <Row icon={<Languages aria-hidden="true" className="h-5 w-5 text-red-700" />} label={languages.label}>
        <LanguagesSpoken />
      </Row>
      {showHours ? (
        <Row icon={<Clock aria-hidden="true" className="h-5 w-5 text-red-700" />} label={m.hours}>
          <WeeklyHours className="mt-1" />
        </Row>
      ) : null}
    </dl>
  );
}

function Row({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div className="relative pl-8">
      <dt className="font-semibold text-gray-900">
        <span className="absolute left-0 top-0.5">{icon}</span>
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
