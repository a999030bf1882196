import {
  type ImportOutcome,
  type ProductImportAnswer,
  productCsvColumns,
  productCsvLimits,
  productCsvMessages,
} from "@vaki/contract/admin/product-csv";
import { useId, useState } from "react";
import { Dialog, DialogClose } from "../../components/dialog";
import { TableScroller } from "../../components/table-scroller";
import { errorMessage } from "../../lib/api-error";
import { useImportProducts } from "./api";

const outcomeLabels: Record<ImportOutcome, string> = {
  created: "New",
  updated: "Changes",
  unchanged: "Unchanged",
  error: "Error",
};
const outcomeBadges: Record<ImportOutcome, string> = {
  created: "badge badge--ok",
  updated: "badge badge--info",
  unchanged: "badge",
  error: "badge badge--danger",
};

/**
 * Import products from CSV: choose a file, see the dry run (what each row would do, every error
 * with its line and column), then import it all in one go, or nothing.
 */
export function CsvImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fileId = useId();
  const importProducts = useImportProducts();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<ProductImportAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function reset() {
    setFile(null);
    setReport(null);
    setProblem(null);
    setDone(null);
    importProducts.reset();
  }

  async function choose(chosen: File | undefined) {
    reset();
    if (!chosen) return;
    if (chosen.size > productCsvLimits.bytesMax) {
      setProblem(productCsvMessages.fileTooLarge);
      return;
    }
    const text = await readText(chosen);
    setFile({ name: chosen.name, text });
    try {
      setReport(await importProducts.mutateAsync({ csv: text, apply: false }));
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  }

  async function apply() {
    if (!file) return;
    setProblem(null);
    try {
      const answer = await importProducts.mutateAsync({ csv: file.text, apply: true });
      setReport(answer);
      setDone(productCsvMessages.imported(answer.counts.created, answer.counts.updated));
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  }

  const changes = report ? report.counts.created + report.counts.updated : 0;
  const blocked = !report || report.errors.length > 0 || changes === 0 || report.applied;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Import products from CSV"
      description="Nothing changes until you import: first you see what each row would do."
      wide
    >
      <div className="field">
        <label htmlFor={fileId}>CSV file</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${fileId}-hint`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <p className="field__hint" id={`${fileId}-hint`}>
          One row per variant, the SKU as the key. Columns: {productCsvColumns.join(", ")}. Export first to get the
          shape; only sku is required, and an empty cell leaves the value as it is.
        </p>
      </div>
      {importProducts.isPending && !report ? <p role="status">Checking the file…</p> : null}
      {problem ? (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      ) : null}
      {done ? (
        <p className="alert alert--ok" role="status">
          {done}
        </p>
      ) : null}
      {report ? <ImportReport report={report} /> : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <button type="button" className="button button--secondary">
            {report?.applied ? "Close" : "Cancel"}
          </button>
        </DialogClose>
        {report && !report.applied ? (
          <button
            type="button"
            className="button"
            disabled={blocked || importProducts.isPending}
            onClick={() => void apply()}
          >
            {importProducts.isPending ? "Importing…" : `Import ${changes} ${changes === 1 ? "row" : "rows"}`}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

/** A file's text through FileReader (which every browser, and the tests' jsdom, has). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

function ImportReport({ report }: { report: ProductImportAnswer }) {
  const { counts } = report;
  const summary = report.applied
    ? `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged.`
    : `${counts.created} to create${report.newProducts > 0 ? ` (${report.newProducts} new ${report.newProducts === 1 ? "product" : "products"})` : ""}, ${counts.updated} to update, ${counts.unchanged} unchanged, ${counts.error} with errors.`;
  return (
    <section aria-label="Import report" className="import-report">
      <p role="status">{summary}</p>
      {report.errors.length > 0 ? (
        <p className="alert alert--error" role="alert">
          {productCsvMessages.hasErrors(counts.error || report.errors.length)}
        </p>
      ) : null}
      {report.errors.length > 0 || report.rows.length > 0 ? (
        <TableScroller label="What each row does">
          <table className="table">
            <caption className="visually-hidden">What each row does</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">SKU</th>
                <th scope="col">Result</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.sku || "—"}</td>
                  <td>
                    <span className={outcomeBadges[row.outcome]}>{outcomeLabels[row.outcome]}</span>
                  </td>
                  <td>
                    {row.outcome === "error"
                      ? row.errors.map((error) => (
                          <span key={`${error.column}-${error.message}`} className="import-report__line">
                            {error.column ? <strong>{error.column}: </strong> : null}
                            {error.message}
                          </span>
                        ))
                      : row.changes.map((change) => (
                          <span key={change} className="import-report__line">
                            {change}
                          </span>
                        ))}
                  </td>
                </tr>
              ))}
              {report.rows.length === 0
                ? report.errors.map((error) => (
                    <tr key={`${error.line}-${error.column}-${error.message}`}>
                      <td>{error.line}</td>
                      <td>—</td>
                      <td>
                        <span className={outcomeBadges.error}>{outcomeLabels.error}</span>
                      </td>
                      <td>
                        {error.column ? <strong>{error.column}: </strong> : null}
                        {error.message}
                      </td>
                    </tr>
                  ))
                : null}
            </tbody>
          </table>
        </TableScroller>
      ) : null}
    </section>
  );
}
