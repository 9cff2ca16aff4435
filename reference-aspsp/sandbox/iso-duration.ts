/**
 * Parses the ISO 8601 durations the clock travel accepts into milliseconds: weeks, days, hours,
 * minutes and seconds (`P1D`, `PT1H30M`, `P180DT1S`, `-P1D` to go back). Years and months have no
 * fixed length and are refused: travel to an instant with `at` instead.
 */
export function parseIsoDuration(text: string): number | undefined {
  const match = /^(-)?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text);
  if (match === null || text.endsWith('P') || text.endsWith('T')) return undefined;
  const [, minus, weeks, days, hours, minutes, seconds] = match;
  const ms =
    Number(weeks ?? 0) * 7 * 86_400_000 +
    Number(days ?? 0) * 86_400_000 +
    Number(hours ?? 0) * 3_600_000 +
    Number(minutes ?? 0) * 60_000 +
    Math.round(Number(seconds ?? 0) * 1000);
  return minus === '-' ? -ms : ms;
}
