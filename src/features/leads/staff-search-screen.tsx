import { Link } from "react-router";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatDealerTime } from "~/shared/lib/dealer-time";
import { vehicleName } from "~/shared/lib/vehicle-name";
import { staffRecordPath } from "~/shared/staff/staff-screens";
import { CustomerList } from "./customer-screen";
import { customerPath } from "./leads-screen";
import type { StaffSearchResults } from "./staff-search.server";

/**
 * /podium/search?q= (docs/behaviour.md §2 Staff app): what the shell's search field found, by kind,
 * each result a link to its record's page (a vehicle's is /podium/vehicles/{id}). Rendered on the server: the search works without JavaScript.
 */
export function StaffSearchScreen({ results }: { results: StaffSearchResults }) {
  const messages = useStaffMessages();
  const m = messages.staff.search;
  const { customers, vehicles, leads } = results;
  const nothing = [customers, vehicles, leads].every((list) => list === null || list.length === 0);
  return (
    <section aria-labelledby="search-heading" className="space-y-6">
      <h1 id="search-heading" className="text-2xl font-bold">
        {results.q ? m.heading(results.q) : m.title}
      </h1>
      {results.q.length < 2 ? <p className="text-gray-700">{m.tooShort}</p> : nothing ? <p className="text-gray-700">{m.none}</p> : null}
      {customers && customers.length > 0 ? (
        <section aria-labelledby="search-customers" className="space-y-2">
          <h2 id="search-customers" className="text-lg font-semibold">
            {m.customers}
          </h2>
          <CustomerList customers={customers} />
        </section>
      ) : null}
      {vehicles && vehicles.length > 0 ? (
        <section aria-labelledby="search-vehicles" className="space-y-2">
          <h2 id="search-vehicles" className="text-lg font-semibold">
            {m.vehicles}
          </h2>
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="vehicle-results">
            {vehicles.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-semibold">{vehicleName(v)}</p>
                  <p className="break-all text-sm text-gray-700">
                    {m.vehicleLine(v.stockNumber ?? "—", v.vin, messages.lot.statuses[v.status])}
                  </p>
                </div>
                <Link
                  to={staffRecordPath("vehicles", v.id)}
                  aria-label={m.openVehicleLabel(vehicleName(v))}
                  className="inline-flex min-h-11 items-center text-sm text-red-800 underline"
                >
                  {m.openVehicle}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {leads && leads.length > 0 ? (
        <section aria-labelledby="search-leads" className="space-y-2">
          <h2 id="search-leads" className="text-lg font-semibold">
            {m.leads}
          </h2>
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white" data-testid="lead-results">
            {leads.map((l) => (
              <li key={`${l.type}/${l.id}`} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-semibold">{l.name}</p>
                  <p className="break-all text-sm text-gray-700">
                    {messages.inbox.types[l.type] ?? l.type} · {messages.leads.status.values[l.status]} · {formatDealerTime(l.createdAt)}
                  </p>
                </div>
                <Link to={customerPath(l.customerId)} className="inline-flex min-h-11 items-center text-sm text-red-800 underline">
                  {messages.inbox.openCustomer(l.name)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
