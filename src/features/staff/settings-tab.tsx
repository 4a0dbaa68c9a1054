import { Copy } from "lucide-react";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { businessProfile as p } from "~/shared/config/business-profile";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button } from "~/shared/ui/staff/button";
import { toast } from "~/shared/ui/toast";
import { WeeklyHours } from "~/shared/ui/weekly-hours";
import { DealSettingsPanel } from "./deal-settings-panel";
import { LeadSettingsPanel } from "./lead-settings-panel";

/**
 * The owner's deal settings and lead response time (editable), then read-only settings from the business profile; never a
 * secret (docs/behaviour.md §2 Staff dashboard). The audit trail is its own tab.
 */
export function SettingsTab() {
  const m = useStaffMessages().staff.settings;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DealSettingsPanel />
      <LeadSettingsPanel />
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
            [m.signIn, m.signInStatus],
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
      <FeedUrls />
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
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The public vehicle feeds' addresses on PUBLIC_URL, with copy buttons. */
function FeedUrls() {
  const t = useStaffMessages().lot.feeds;
  const root = useRouteLoaderData("root") as { publicUrl?: string } | undefined;
  const origin = root?.publicUrl || (typeof window === "undefined" ? "" : window.location.origin);
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
              <Button
                size="sm"
                aria-label={t.copyLabel(feed.name)}
                onClick={() => void navigator.clipboard?.writeText(feed.url).then(() => toast({ title: t.copied }))}
              >
                <Copy aria-hidden="true" className="h-4 w-4" />
                {t.copy}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
