import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatRupees } from "../../lib/format";

/*
 * The dashboard's two charts, loaded on their own (React.lazy) so recharts stays out of the
 * admin's first bundle. Both are drawings for the eye: the page hides them from screen readers
 * and puts a table with the same numbers beside each.
 */

const ACCENT = "#1f4fd1";
const EARLIER = "#8a8d96";
const HEIGHT = 240;

export interface RevenueRow {
  label: string;
  /** Paise. */
  current: number;
  previous: number;
}

export interface SizeRow {
  size: string;
  current: number;
  previous: number;
}

const compactRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  notation: "compact",
  maximumFractionDigits: 1,
});

export function RevenueChart({
  rows,
  currentName,
  previousName,
}: {
  rows: RevenueRow[];
  currentName: string;
  previousName: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      {/* No keyboard layer: the chart is hidden from assistive tech, its table beside it says the same. */}
      <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#eceef1" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
        <YAxis
          tick={{ fontSize: 12 }}
          width={64}
          // A quiet period (all zeros) still gets a scale up to Rs 1,000 instead of five "₹0" ticks.
          domain={[(low: number) => Math.min(low, 0), (high: number) => Math.max(high, 100_000)]}
          tickFormatter={(paise: number) => compactRupees.format(paise / 100)}
        />
        <Tooltip formatter={(paise) => formatRupees(Number(paise))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="monotone"
          dataKey="previous"
          name={previousName}
          stroke={EARLIER}
          strokeDasharray="4 4"
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="current"
          name={currentName}
          stroke={ACCENT}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function SizeChart({
  rows,
  currentName,
  previousName,
}: {
  rows: SizeRow[];
  currentName: string;
  previousName: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#eceef1" vertical={false} />
        <XAxis dataKey="size" tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} width={40} allowDecimals={false} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="previous" name={previousName} fill={EARLIER} isAnimationActive={false} />
        <Bar dataKey="current" name={currentName} fill={ACCENT} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export type DashboardChartProps =
  | { kind: "revenue"; rows: RevenueRow[]; currentName: string; previousName: string }
  | { kind: "size"; rows: SizeRow[]; currentName: string; previousName: string };

/** The module's one lazy entry: both charts through one React.lazy, so both wait on one import. */
export default function DashboardChart(props: DashboardChartProps) {
  return props.kind === "revenue" ? <RevenueChart {...props} /> : <SizeChart {...props} />;
}
