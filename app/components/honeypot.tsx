/** A field people never see or fill; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = 'website';

export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function isBotSubmission(formData: FormData): boolean {
  return String(formData.get(HONEYPOT_FIELD) ?? '') !== '';
}
