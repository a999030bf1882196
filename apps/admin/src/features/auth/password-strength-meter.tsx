import { minimumPasswordScore, passwordScore } from "@vaki/contract/admin/new-password";

const labels = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;

/**
 * The same zxcvbn estimate the server uses to refuse weak passwords, shown as four bars and a
 * word; the person's own name and e-mail count against it.
 */
export function PasswordStrengthMeter({ password, userInputs }: { password: string; userInputs: string[] }) {
  if (!password) return null;
  const score = passwordScore(password, userInputs.filter(Boolean));
  const strongEnough = score >= minimumPasswordScore;
  return (
    <div className="field__hint">
      <div className="meter" data-score={score} aria-hidden="true">
        <span className="meter__bar" />
        <span className="meter__bar" />
        <span className="meter__bar" />
        <span className="meter__bar" />
      </div>
      <p aria-live="polite" className={strongEnough ? "strength strength--ok" : "strength"}>
        Strength: {labels[score]}
        {strongEnough ? "" : ". Add more words or characters that are hard to guess."}
      </p>
    </div>
  );
}
