/**
 * The Europe/Paris calendar day of an instant: the calendar's dates are Paris days (design: "One
 * clock"), the same days the reference uses to decide whether a version is gone.
 */
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of `instant` in Paris. */
export function parisDay(instant: Date): string {
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts['year'] ?? ''}-${parts['month'] ?? ''}-${parts['day'] ?? ''}`;
}
