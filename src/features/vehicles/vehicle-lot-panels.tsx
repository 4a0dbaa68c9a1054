import { FileUp } from "lucide-react";
import { useId, useState } from "react";
import { useStaffMessages } from "~/shared/i18n/staff-messages";
import { formatNumber, formatPrice } from "~/shared/lib/format";
import { MA_WARRANTY_MAX_MILEAGE, massachusettsWarranty } from "~/shared/lib/massachusetts-warranty";
import type { Vehicle } from "~/shared/types/vehicle";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import { DataTable } from "~/shared/ui/staff/data-table";
import { ModalDialog } from "~/shared/ui/staff/modal-dialog";
import { ApiError, useStaffData } from "~/shared/ui/staff/staff-fetch";
import { toast } from "~/shared/ui/toast";

/** Whole days since `date` (yyyy-MM-dd), never negative. */
export function daysInStock(dateInStock: string, now = new Date()): number {
  const start = Date.parse(`${dateInStock}T00:00:00Z`);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now.getTime() - start) / 86_400_000));
}

/** A server timestamp as "yyyy-MM-dd HH:mm". */
const stamp = (iso: string) => iso.slice(0, 16).replace("T", " ");

type PriceChange = { oldPrice: number; newPrice: number; changedAt: string };
type ArchivedDocument = {
  id: number;
  kind: "buyers_guide" | "ma_warranty";
  language: "en" | "es";
  textVersion: string;
  actor: string;
  createdAt: string;
};

/** Days in stock, sold date, the warranty on the guide, the Buyers Guide PDFs and the price history. */
export function VehicleDetailsDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const t = useStaffMessages().lot;
  const d = t.details;
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const { data: history } = useStaffData<PriceChange[]>(`/api/admin/vehicles/${vehicle.id}/price-history`);
  const required = massachusettsWarranty(vehicle.price, vehicle.mileage);
  // Each download is archived on the server (decision 060): reload the list when staff come back.
  const { data: documents, reload: reloadDocuments } = useStaffData<ArchivedDocument[]>(`/api/admin/vehicles/${vehicle.id}/documents`);
  const link = (href: string, text: string) => (
    <a
      key={href}
      href={href}
      target="_blank"
      rel="noopener"
      onClick={() => window.setTimeout(() => void reloadDocuments(), 1500)}
      className={buttonClass()}
    >
      {text}
    </a>
  );
  return (
    <ModalDialog title={d.title(name)} onClose={onClose}>
      <p>{d.daysInStock(daysInStock(vehicle.dateInStock), vehicle.dateInStock)}</p>
      {vehicle.soldAt ? <p className="mt-1">{d.soldOn(vehicle.soldAt.slice(0, 10))}</p> : null}
      <h3 className="mt-4 font-semibold">{d.buyersGuide}</h3>
      <p className="mt-1 text-sm text-gray-800">
        {d.warranty}: {t.warrantyTypes[vehicle.warrantyType]}
      </p>
      {vehicle.warrantyType === "as_is" && required ? (
        <p role="alert" className="mt-2 rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900">
          {t.asIsWarning(required.days, formatNumber(required.miles))}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {(["en", "es"] as const).map((lang) =>
          link(`/api/admin/vehicles/${vehicle.id}/buyers-guide.pdf?lang=${lang}`, lang === "en" ? d.buyersGuideEn : d.buyersGuideEs),
        )}
      </div>
      <h3 className="mt-4 font-semibold">{d.maWarranty}</h3>
      {/* Under $700 the doc fee may bring the price the statute tests to $700 or more: the server decides (decision 091). */}
      {required || vehicle.mileage < MA_WARRANTY_MAX_MILEAGE ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {(["en", "es"] as const).map((lang) =>
            link(`/api/admin/vehicles/${vehicle.id}/ma-warranty.pdf?lang=${lang}`, lang === "en" ? d.maWarrantyEn : d.maWarrantyEs),
          )}
        </div>
      ) : (
        <p className="mt-1 text-sm text-gray-700">{d.noMaWarranty}</p>
      )}
      <h3 className="mt-4 font-semibold">{d.rightsNotice}</h3>
      <p className="mt-1 text-sm text-gray-700">{d.rightsNoticeHint}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {(["en", "es"] as const).map((lang) =>
          link(`/api/admin/vehicles/${vehicle.id}/rights-notice.pdf?lang=${lang}`, lang === "en" ? d.rightsNoticeEn : d.rightsNoticeEs),
        )}
      </div>
      <h3 className="mt-4 font-semibold">{d.documents}</h3>
      <DataTable<ArchivedDocument>
        caption={d.documents}
        phoneLayout="table"
        className="mt-2"
        rows={documents ?? []}
        rowKey={(doc) => doc.id}
        empty={<p className="text-sm text-gray-700">{documents ? d.noDocuments : ""}</p>}
        columns={[
          { id: "when", header: d.when, cell: (doc) => stamp(doc.createdAt), cellClassName: "whitespace-nowrap" },
          { id: "document", header: d.document, cell: (doc) => d.documentKinds[doc.kind] },
          { id: "language", header: d.language, cell: (doc) => doc.language.toUpperCase() },
          { id: "by", header: d.by, cell: (doc) => doc.actor },
          { id: "version", header: d.version, cell: (doc) => doc.textVersion, cellClassName: "font-mono text-xs" },
        ]}
      />
      <h3 className="mt-4 font-semibold">{d.priceHistory}</h3>
      <DataTable<PriceChange>
        caption={d.priceHistory}
        phoneLayout="table"
        className="mt-2"
        rows={history ?? []}
        rowKey={(change) => change.changedAt}
        empty={<p className="text-sm text-gray-700">{history ? d.noPriceChanges : ""}</p>}
        columns={[
          { id: "when", header: d.when, cell: (change) => stamp(change.changedAt), cellClassName: "whitespace-nowrap" },
          { id: "from", header: d.from, cell: (change) => formatPrice(change.oldPrice) },
          { id: "to", header: d.to, cell: (change) => formatPrice(change.newPrice) },
        ]}
      />
    </ModalDialog>
  );
}

type ImportReport = {
  created: { row: number; vin: string }[];
  updated: { row: number; vin: string }[];
  unchanged: { row: number; vin: string }[];
  rejected: { row: number; vin: string | null; problems: { column: string; message: string }[] }[];
  warnings: { row: number; vin: string | null; column: string; message: string }[];
};

async function postCsv(text: string, dryRun: boolean): Promise<ImportReport> {
  const res = await fetch(`/api/admin/vehicles/import?dryRun=${dryRun}`, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "text/csv" },
    body: text,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(res.status, body.error ?? res.statusText);
  }
  return (await res.json()) as ImportReport;
}

/** Upload a CSV, see the dry run's report, then confirm the import. */
export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: (created: number) => void }) {
  const staff = useStaffMessages();
  const c = staff.lot.csv;
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<"preview" | "import" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function preview(file: File | undefined) {
    setReport(null);
    setError(null);
    if (!file) return;
    const content = await file.text();
    setText(content);
    setBusy("preview");
    try {
      setReport(await postCsv(content, true));
    } catch (e) {
      setError(e instanceof ApiError ? e.message.replace(/^\d+: /, "") : c.failed);
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!text) return;
    setBusy("import");
    try {
      const done = await postCsv(text, false);
      toast({ title: c.done(done.created.length, done.updated.length) });
      onImported(done.created.length);
    } catch (e) {
      setError(e instanceof ApiError ? e.message.replace(/^\d+: /, "") : c.failed);
      setBusy(null);
    }
  }

  const applicable = report ? report.created.length + report.updated.length : 0;
  return (
    <ModalDialog title={c.title} onClose={onClose}>
      <p className="text-sm text-gray-800">{c.help}</p>
      <label htmlFor={`${id}-file`} className="mt-4 block text-sm font-medium">
        {c.file}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => void preview(e.target.files?.[0])}
        className="mt-1 block w-full text-sm"
      />
      <div aria-live="polite" className="mt-4">
        {busy === "preview" ? <p>{c.previewing}</p> : null}
        {error ? <p className="font-medium text-red-800">{error}</p> : null}
        {report ? (
          <div data-testid="import-preview">
            <p className="font-semibold">
              {c.summary(report.created.length, report.updated.length, report.unchanged.length, report.rejected.length)}
            </p>
            {report.rejected.length > 0 ? (
              <>
                <h3 className="mt-3 font-semibold">{c.rejectedTitle}</h3>
                <DataTable<ImportReport["rejected"][number]>
                  caption={c.rejectedTitle}
                  phoneLayout="table"
                  className="mt-1"
                  rows={report.rejected}
                  rowKey={(r) => r.row}
                  empty={null}
                  columns={[
                    { id: "row", header: c.row, cell: (r) => r.row },
                    { id: "vin", header: "VIN", cell: (r) => r.vin ?? "", cellClassName: "font-mono" },
                    {
                      id: "problems",
                      header: c.problems,
                      cell: (r) => r.problems.map((p) => `${p.column}: ${p.message}`).join("; "),
                      // Wide enough to read as a sentence, not a word a line, when the table is narrower than its content.
                      cellClassName: "min-w-48",
                    },
                  ]}
                />
              </>
            ) : null}
            {report.warnings.length > 0 ? (
              <>
                <h3 className="mt-3 font-semibold">{c.warningsTitle}</h3>
                <DataTable<ImportReport["warnings"][number]>
                  caption={c.warningsTitle}
                  phoneLayout="table"
                  className="mt-1"
                  rows={report.warnings}
                  rowKey={(w) => `${w.row}-${w.column}`}
                  empty={null}
                  columns={[
                    { id: "row", header: c.row, cell: (w) => w.row },
                    { id: "vin", header: "VIN", cell: (w) => w.vin ?? "", cellClassName: "font-mono" },
                    { id: "column", header: c.column, cell: (w) => w.column },
                    { id: "warning", header: c.warning, cell: (w) => w.message, cellClassName: "min-w-48" },
                  ]}
                />
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Button onClick={onClose}>{staff.staff.common.cancel}</Button>
        <Button variant="primary" disabled={!report || applicable === 0 || busy !== null} onClick={() => void confirm()}>
          <FileUp aria-hidden="true" className="h-4 w-4" />
          {busy === "import" ? c.importing : c.confirm(applicable)}
        </Button>
      </div>
    </ModalDialog>
  );
}
