/** A message's time: the hour today, the date and hour before. */
export function when(iso: string, locale: string): string {
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  return d.toLocaleString(
    locale,
    today ? { timeStyle: "short" } : { dateStyle: "short", timeStyle: "short" },
  );
}
