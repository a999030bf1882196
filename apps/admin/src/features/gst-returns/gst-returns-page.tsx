import {
  type Gstr1SectionName,
  type Gstr1SectionSummary,
  gstMonthSchema,
  gstr1SectionLabels,
} from "@vaki/contract/admin/gst-returns";
import { Download } from "lucide-react";
import { useSearchParams } from "react-router";
import { Field, FormError } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { errorMessage } from "../../lib/api-error";
import { formatRupees } from "../../lib/format";
import { useGstr1Download, useGstr1Summary } from "./api";

const indiaOffsetMs = (5 * 60 + 30) * 60_000;

/** This month in India ("2026-11"): returns are filed by India's calendar, whatever the browser's zone. */
function currentIndiaMonth(now = new Date()): string {
  return new Date(now.getTime() + indiaOffsetMs).toISOString().slice(0, 7);
}

function previousMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, "0")}`;
}

const monthName = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });
const labelOf = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/**
 * GSTR-1 for the accountant (invoices:read): a month's invoices and credit notes as the GST
 * offline tool's CSV sections, with what each holds, and the files to download. Last month by
 * default: a return is filed after its month ends.
 */
export function GstReturnsPage() {
  const [params, setParams] = useSearchParams();
  const current = currentIndiaMonth();
  const asked = params.get("month") ?? "";
  const month = gstMonthSchema.safeParse(asked).success && asked <= current ? asked : previousMonth(current);
  const summary = useGstr1Summary(month);
  const download = useGstr1Download();
  const downloading = download.isPending ? (download.variables?.section ?? "all") : null;

  return (
    <div className="page">
      <PageHeader
        title="GST returns"
        description="GSTR-1 of a month, from the invoices and credit notes issued in it (India time), as the GST offline tool's CSV files for your accountant."
      />
      <section className="panel" aria-labelledby="gst-month-heading">
        <h2 id="gst-month-heading">GSTR-1 for {labelOf(month)}</h2>
        <Field id="gst-month" label="Month" hint="Returns are filed for a calendar month, after it ends.">
          {(aria) => (
            <input
              className="input"
              type="month"
              min="2017-07"
              max={current}
              value={month}
              onChange={(event) => {
                const next = event.target.value;
                if (gstMonthSchema.safeParse(next).success) setParams({ month: next }, { replace: true });
              }}
              {...aria}
            />
          )}
        </Field>
        <div className="form-row">
          <button
            type="button"
            className="button"
            disabled={downloading !== null}
            onClick={() => download.mutate({ month })}
          >
            <Download size={16} aria-hidden="true" />
            {downloading === "all" ? "Preparing the files…" : "Download all sections (zip)"}
          </button>
        </div>
        <FormError error={download.isError ? errorMessage(download.error) : null} />
      </section>

      {summary.isPending ? (
        <LoadingState label="Adding up the month…" />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <section className="panel" aria-labelledby="gst-totals-heading">
            <h2 id="gst-totals-heading">The month's documents</h2>
            {summary.data.invoices + summary.data.creditNotes === 0 ? (
              <p className="muted">No invoice or credit note was issued in {labelOf(month)}: every section is empty.</p>
            ) : null}
            <dl className="details">
              <dt>Invoices</dt>
              <dd>{summary.data.invoices}</dd>
              <dt>Credit notes</dt>
              <dd>{summary.data.creditNotes}</dd>
              <dt>Taxable value, less credit notes</dt>
              <dd>{formatRupees(summary.data.taxableValue)}</dd>
              <dt>GST</dt>
              <dd>{formatRupees(summary.data.tax)}</dd>
              <dt>Value with GST</dt>
              <dd>{formatRupees(summary.data.value)}</dd>
            </dl>
          </section>

          {summary.data.warnings.length > 0 ? (
            <section className="alert alert--info" aria-labelledby="gst-warnings-heading">
              <h2 id="gst-warnings-heading">Check before uploading</h2>
              <ul>
                {summary.data.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </section>
          ) : null}

          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">GSTR-1 sections of {labelOf(month)}</caption>
              <thead>
                <tr>
                  <th scope="col">Section</th>
                  <th scope="col" className="num">
                    Rows
                  </th>
                  <th scope="col" className="num">
                    Documents
                  </th>
                  <th scope="col" className="num">
                    Taxable value
                  </th>
                  <th scope="col" className="num">
                    IGST
                  </th>
                  <th scope="col" className="num">
                    CGST + SGST
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.data.sections.map((section) => (
                  <SectionRow
                    key={section.name}
                    section={section}
                    busy={downloading !== null}
                    preparing={downloading === section.name}
                    onDownload={(name) => download.mutate({ month, section: name })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

function SectionRow({
  section,
  busy,
  preparing,
  onDownload,
}: {
  section: Gstr1SectionSummary;
  busy: boolean;
  preparing: boolean;
  onDownload: (name: Gstr1SectionName) => void;
}) {
  const label = gstr1SectionLabels[section.name];
  // The documents section counts numbers, not money.
  const money = section.name !== "docs";
  return (
    <tr>
      <td>
        <strong>{label.title}</strong>
        <p className="muted">{label.description}</p>
      </td>
      <td className="num">{section.rowCount}</td>
      <td className="num">{section.documents}</td>
      <td className="num">{money ? formatRupees(section.taxableValue) : "—"}</td>
      <td className="num">{money ? formatRupees(section.igst) : "—"}</td>
      <td className="num">{money ? formatRupees(section.cgst + section.sgst) : "—"}</td>
      <td>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          // The visible file name, said as what the button does.
          aria-label={preparing ? undefined : `Download ${section.name}.csv`}
          onClick={() => onDownload(section.name)}
        >
          <Download size={16} aria-hidden="true" />
          {preparing ? "Preparing…" : `${section.name}.csv`}
        </button>
      </td>
    </tr>
  );
}
