/**
 * The start of a response body, as a failure shows it when it has no better value to name.
 *
 * Cut at a fixed length, a body can end in the middle of a credential (`"registration_access_token":
 * "eyJh…`): redaction replaces registered secrets whole, never a piece of one, so the piece would stay
 * in clear and the report's last check would then refuse to write the report at all
 * (ERR_REPORT_SECRET_LEAK). An excerpt that would end inside a JSON string ends before it instead.
 */
export function bodyExcerpt(text: string, length = 200): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  let open = -1;
  for (let i = 0; i < cut.length; i += 1) {
    const char = cut[i];
    if (char === '\\' && open >= 0) i += 1;
    else if (char === '"') open = open >= 0 ? -1 : i;
  }
  return `${open >= 0 ? cut.slice(0, open) : cut}…`;
}
