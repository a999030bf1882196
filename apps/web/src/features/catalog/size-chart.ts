/** The size chart in inches (R-STORE-9): chest 42-50, shoulder 21-25, length 28-30, sleeve 8.5-10.5. */
export const sizeChartColumns = ["Size", "Chest", "Shoulder", "Length", "Sleeve"] as const;

export interface SizeChartRow {
  size: string;
  chest: number;
  shoulder: number;
  length: number;
  sleeve: number;
}

export const sizeChartRows: readonly SizeChartRow[] = [
  { size: "Small", chest: 42, shoulder: 21, length: 28, sleeve: 8.5 },
  { size: "Medium", chest: 44, shoulder: 22, length: 28.5, sleeve: 9 },
  { size: "Large", chest: 46, shoulder: 23, length: 29, sleeve: 9.5 },
  { size: "XL", chest: 48, shoulder: 24, length: 29.5, sleeve: 10 },
  { size: "XXL", chest: 50, shoulder: 25, length: 30, sleeve: 10.5 },
];
