import { Form, Link } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { formatNumber } from "~/shared/lib/format";
import { Button } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { FormError, NumberField } from "~/shared/ui/staff/staff-field";
import type { VehicleSaveCount } from "./alerts-report.server";
import type { AlertsReportScreenData } from "./alerts-report-screen.server";

type Figure = { id: string; label: string; value: number };

/**
 * /podium/reports/alerts (docs/behaviour.md §21): the alerts' figures for the period in the address
 * (a GET form, so it works before JavaScript and Back, reload and a shared link show the same report),
 * and the vehicles shoppers saved most, each linking to its page.
 */
export function AlertsReportScreen({ data }: { data: AlertsReportScreenData }) {
  const messages = useStaffMessages();
  const m = messages.alerts;
  const report = data.report;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{messages.staff.shell.screens.alertsReport}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-700">{m.intro}</p>
      </div>
      <div className="space-y-2">
        <Form method="get" aria-label={m.period} className="flex flex-wrap items-end gap-3">
          <NumberField
            name="days"
            label={m.days}
            hint={m.daysHint}
            inputMode="numeric"
            min={1}
            max={366}
            required
            error={data.fieldErrors?.days}
            defaultValue={report ? String(report.days) : data.askedDays}
          />
          <Button type="submit" variant="dark" className="min-h-11">
            {m.show}
          </Button>
        </Form>
        <FormError>{data.error}</FormError>
        {report ? (
          <p className="text-sm text-gray-700" data-testid="alerts-report-range">
            {m.range(formatDealerTime(report.from), formatDealerTime(report.to))}
          </p>
        ) : null}
      </div>
      {report ? (
        <>
          <Figures
            id="alerts-subscribers"
            title={m.subscribers}
            figures={[
              { id: "pending", label: m.pending, value: report.subscribers.pending },
              { id: "confirmed", label: m.confirmed, value: report.subscribers.confirmed },
              { id: "unsubscribed", label: m.unsubscribed, value: report.subscribers.unsubscribed },
            ]}
          />
          <Figures
            id="alerts-period"
            title={m.inPeriod}
            figures={[
              { id: "confirmed-in-period", label: m.confirmedInPeriod, value: report.confirmedInPeriod },
              { id: "unsubscribed-in-period", label: m.unsubscribedInPeriod, value: report.unsubscribedInPeriod },
            ]}
          />
          <Figures
            id="alerts-following"
            title={m.following}
            figures={[
              { id: "vehicles", label: m.vehicles, value: report.following.vehicles },
              { id: "searches", label: m.searches, value: report.following.searches },
            ]}
          />
          <div>
            <Figures
              id="alerts-mails"
              title={m.mails}
              figures={[
                { id: "alert-mails", label: m.alertMails, value: report.mailsSent.alerts },
                { id: "confirmation-mails", label: m.confirmationMails, value: report.mailsSent.confirmations },
              ]}
            />
            <p className="mt-2 text-sm text-gray-700">{m.opensNotTracked}</p>
          </div>
          <Breakdown id="alerts-visits" title={m.visits} total={report.visits.total} heading={m.kind} counts={report.visits.byKind} />
          <Breakdown
            id="alerts-leads"
            title={m.leads}
            total={report.leads.total}
            heading={m.type}
            counts={Object.fromEntries(Object.entries(report.leads.byType).map(([type, n]) => [messages.reports.types[type] ?? type, n]))}
          />
        </>
      ) : null}
      {report ? <MostSaved rows={data.mostSaved} /> : null}
    </div>
  );
}

function Figures({ id, title, figures }: { id: string; title: string; figures: Figure[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-gray-700">{figure.label}</dt>
            <dd className="mt-1 text-3xl font-bold" data-testid={`alerts-report-${figure.id}`}>
              {formatNumber(figure.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Breakdown({
  id,
  title,
  total,
  heading,
  counts,
}: {
  id: string;
  title: string;
  total: number;
  heading: string;
  counts: Record<string, number>;
}) {
  const m = useStaffMessages().alerts;
  const rows = Object.entries(counts)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold">
        {title}: <span data-testid={`${id}-total`}>{formatNumber(total)}</span>
      </h2>
      <DataTable
        caption={`${title}: ${heading === m.kind ? m.byKind : m.byType}`}
        className="mt-3"
        rows={rows}
        rowKey={(r) => r.name}
        empty={<p className="text-sm text-gray-700">{m.none}</p>}
        columns={[
          { id: "name", header: heading, cell: (r) => r.name, sortValue: (r) => r.name, cellClassName: "break-all" },
          { id: "count", header: m.count, cell: (r) => formatNumber(r.count), sortValue: (r) => r.count, align: "right" },
        ]}
      />
    </section>
  );
}

function MostSaved({ rows }: { rows: VehicleSaveCount[] }) {
  const m = useStaffMessages().alerts;
  return (
    <section aria-labelledby="alerts-most-saved">
      <h2 id="alerts-most-saved" className="text-lg font-bold">
        {m.mostSaved}
      </h2>
      <DataTable
        caption={m.mostSaved}
        className="mt-3"
        rows={rows}
        rowKey={(r) => r.vehicleId}
        testId="alerts-most-saved"
        empty={<p className="text-sm text-gray-700">{m.noSaves}</p>}
        columns={[
          {
            id: "vehicle",
            header: m.vehicle,
            cell: (r) => (
              <Link to={`/podium/vehicles/${r.vehicleId}`} className="font-medium text-red-800 underline">
                {r.name}
              </Link>
            ),
            sortValue: (r) => r.name,
          },
          {
            id: "devices",
            header: m.savedOnDevices,
            cell: (r) => formatNumber(r.savedOnDevices),
            sortValue: (r) => r.savedOnDevices,
            align: "right",
          },
          {
            id: "alerts",
            header: m.alertSubscribers,
            cell: (r) => formatNumber(r.alertSubscribers),
            sortValue: (r) => r.alertSubscribers,
            align: "right",
          },
        ]}
      />
    </section>
  );
}
