import { Modal } from "../../../components/modal";
import { sizeChartColumns, sizeChartRows } from "../size-chart";
import "./size-chart-dialog.css";

interface SizeChartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The size chart in inches (R-STORE-9), as a table. */
export function SizeChartDialog({ open, onOpenChange }: SizeChartDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Size Chart" size="wide" className="size-chart">
      <div className="size-chart__scroll">
        <table className="size-chart__table">
          <caption>All measurements in inches, taken flat on the garment.</caption>
          <thead>
            <tr>
              {sizeChartColumns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sizeChartRows.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                <td>{row.chest}</td>
                <td>{row.shoulder}</td>
                <td>{row.length}</td>
                <td>{row.sleeve}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="size-chart__tip">Between two sizes? Oversized fits are cut roomy: take your usual size.</p>
    </Modal>
  );
}
