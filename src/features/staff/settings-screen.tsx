import { Copy } from "lucide-react";
import type { ReactNode } from "react";
import { businessProfile as p } from "~/shared/config/business-profile";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button } from "~/shared/ui/staff/button";
import { useHydrated } from "~/shared/ui/staff/staff-form";
import { toast } from "~/shared/ui/toast";
import { WeeklyHours } from "~/shared/ui/weekly-hours";
import type { SettingsConfiguration } from "./settings-screen.server";

/**
 * /podium/settings (owner; docs/behaviour.md §2): the owner's settings, each a form of its own
 * (`settings`: the deal settings and the lead response time, decision 107), then, read-only, what is
 * configured (the business profile, the public address, where mail goes) and the feeds' addresses;
 * never a secret.
 */
export function SettingsScreen({ settings, configuration }: { settings: ReactNode; configuration: SettingsConfiguration }) {
  const messages = useStaffMessages();
  const m = messages.staff.settings;
  const none = m.none;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{messages.staff.shell.screens.settings}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        {settings}
        <Card title={m.business}>
          <Rows
            rows={[
              [m.name, p.name],
              [m.phone, p.phone],
              [m.email, p.email],
              [m.address, `${p.address.street}, ${p.address.city}, ${p.address.region} ${p.address.postalCode}`],
            ]}
          />
        </Card>
        <Card title={m.hours}>
          <WeeklyHours />
          <h3 className="mt-4 font-semibold">{m.location}</h3>
          <p>
            {p.address.city}, {p.address.region} {p.address.postalCode}
          </p>
          <Rows rows={[[m.coordinates, `${p.coordinates.latitude}, ${p.coordinates.longitude}`]]} />
        </Card>
        <Card title={m.website}>
          <Rows
            rows={[
              [m.domain, p.domain],
              [
                m.publicUrl,
                <span key="url" className="break-all">
                  {configuration.publicUrl}
                </span>,
              ],
              [m.signIn, m.signInStatus],
              [m.mail, configuration.smtp ? m.configured : m.mailEml],
              [
                m.leadsTo,
                <span key="leads" className="break-all">
                  {configuration.leadsTo ?? none}
                </span>,
              ],
              [
                m.adfTo,
                <span key="adf" className="break-all">
                  {configuration.adfTo ?? none}
                </span>,
              ],
              [
                m.financingPartner,
                <a
                  key="fp"
                  href={p.links.financingPartner}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all text-red-800 underline"
                >
                  {p.links.financingPartner}
                </a>,
              ],
            ]}
          />
        </Card>
        <FeedUrls origin={configuration.publicUrl} />
        <Card title={m.colors}>
          <ul className="flex flex-wrap gap-4">
            {(Object.keys(p.brand.colors) as (keyof typeof p.brand.colors)[]).map((k) => (
              <li key={k} className="flex items-center gap-2">
                <span aria-hidden="true" className="h-8 w-8 rounded border border-gray-300" style={{ background: p.brand.colors[k] }} />
                <span>
                  {m.colorNames[k]} <span className="font-mono text-sm">{p.brand.colors[k]}</span>
                </span>
              </li>
            ))}
          </ul>
          <h3 className="mt-4 font-semibold">{m.typography}</h3>
          <Rows
            rows={[
              [m.headingFont, p.brand.fonts.heading],
              [m.bodyFont, p.brand.fonts.body],
            ]}
          />
        </Card>
      </div>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-gray-800">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The public vehicle feeds' addresses on PUBLIC_URL; once scripts run, each has a copy button (without them, select and copy the text). */
function FeedUrls({ origin }: { origin: string }) {
  const t = useStaffMessages().lot.feeds;
  const hydrated = useHydrated();
  const feeds = [
    { name: t.google, url: `${origin}/feeds/google-vehicles.tsv` },
    { name: t.googleAds, url: `${origin}/feeds/google-vehicle-ads.tsv` },
    { name: t.meta, url: `${origin}/feeds/meta-vehicles.csv` },
  ];
  return (
    <Card title={t.title}>
      <p className="text-sm text-gray-800">{t.hint}</p>
      <ul className="mt-3 space-y-3">
        {feeds.map((feed) => (
          <li key={feed.url}>
            <p className="text-sm font-medium">{feed.name}</p>
            <div className="mt-1 flex items-center gap-2">
              <code className="min-w-0 flex-1 break-all rounded bg-gray-100 px-2 py-1 text-sm" data-testid="feed-url">
                {feed.url}
              </code>
              {hydrated ? (
                <Button
                  size="sm"
                  className="min-h-11"
                  aria-label={t.copyLabel(feed.name)}
                  onClick={() => void navigator.clipboard?.writeText(feed.url).then(() => toast({ title: t.copied }))}
                >
                  <Copy aria-hidden="true" className="h-4 w-4" />
                  {t.copy}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
