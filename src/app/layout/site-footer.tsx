import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { businessProfile } from "~/shared/config/business-profile";
import { useLocalizedPath, useMessages } from "~/shared/i18n/messages";
import { LanguagesSpoken } from "~/shared/ui/languages-spoken";
import { WeeklyHours } from "~/shared/ui/weekly-hours";
import { SocialLinks } from "./site-header";

/** Shared footer: contact details, weekly hours, quick links. */
export function SiteFooter() {
  const path = useLocalizedPath();
  const m = useMessages();
  const { name, phone, phoneE164, email, address, links } = businessProfile;
  return (
    <footer className="mt-16 bg-gray-900 text-gray-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{name}</p>
          <p className="mt-2 text-sm text-gray-300">{m.layout.footer.tagline}</p>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">{m.layout.footer.contactHeading}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={links.directions} className="flex gap-2 hover:underline" rel="noopener noreferrer" target="_blank">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>
                  {address.street}
                  <br />
                  {address.city}, {address.region} {address.postalCode}
                </span>
              </a>
            </li>
            <li>
              <a href={`tel:${phoneE164}`} className="flex gap-2 hover:underline">
                <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                {phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${email}`} className="flex gap-2 hover:underline">
                <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                {email}
              </a>
            </li>
          </ul>
          <LanguagesSpoken className="mt-3 text-sm text-gray-200" />
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">{m.layout.footer.hoursHeading}</h2>
          <WeeklyHours className="mt-3 text-gray-200" />
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">{m.layout.footer.quickLinks}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="hover:underline" to={path("/inventory")}>
                {m.layout.nav.inventory}
              </Link>
            </li>
            <li>
              <Link reloadDocument className="hover:underline" to={path("/financing")}>
                {m.layout.nav.financing}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={path("/booking")}>
                {m.layout.nav.service}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={path("/saved")}>
                {m.layout.nav.saved}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={path("/about")}>
                {m.layout.nav.about}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={path("/contact")}>
                {m.layout.nav.contact}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={path("/privacy")}>
                {m.privacy.footerLink}
              </Link>
            </li>
          </ul>
          <div className="mt-4 flex flex-wrap items-center gap-1 [&_a]:text-gray-100 [&_a:hover]:bg-gray-800">
            <SocialLinks />
          </div>
        </div>
      </div>
      <p className="border-t border-gray-800 py-4 text-center text-xs text-gray-300">
        {m.layout.footer.rights(new Date().getFullYear(), name)}
      </p>
    </footer>
  );
}
