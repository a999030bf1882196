import { afterSalesText as t } from "../../after-sales-messages";
import { useDefectPhotoUrl } from "../../hooks/use-after-sales";

/** One photo of a defect report as a small thumbnail; an empty box while it loads or if it cannot. */
export function RequestPhoto({ url, index }: { url: string; index: number }) {
  const src = useDefectPhotoUrl(url);
  return (
    <span className="after-sales-card__photo">
      {src ? <img src={src} alt={t.photoAlt(index)} width={56} height={56} /> : null}
    </span>
  );
}
