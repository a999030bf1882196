import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { formatDateTime } from "../../lib/format";

/** A link to hand to someone (an invitation or a two-factor reset), with a copy button. */
export function CopyLink({ label, url, expiresAt }: { label: string; url: string; expiresAt: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="field">
      <label htmlFor="shared-link">{label}</label>
      <div className="form-row form-row--nowrap">
        <input
          id="shared-link"
          className="input mono"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="field__hint">Works once, until {formatDateTime(expiresAt)}.</p>
    </div>
  );
}
