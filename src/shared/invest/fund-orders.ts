/**
 * Which day's NAV a fund order gets: orders received by the fund's cut-off (WIB) on a business day
 * get that day's NAV; later ones, and those on a weekend, the next business day's. Exchange holidays
 * are not modelled yet (the calendar would come from the fund administrator).
 */
const WIB_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

const isWeekend = (ms: number) => {
  const day = new Date(ms).getUTCDay();
  return day === 0 || day === 6;
};

/** The NAV date ('YYYY-MM-DD', Jakarta) of an order received at `orderedAt`, for a cut-off 'HH:MM'. */
export function navDateFor(orderedAt: Date, cutoff: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(cutoff);
  if (!m) throw new Error(`not a cut-off time: ${cutoff}`);
  const local = orderedAt.getTime() + WIB_OFFSET_MS;
  let day = Math.floor(local / DAY_MS) * DAY_MS;
  const minutes = Math.floor((local - day) / 60_000);
  if (isWeekend(day) || minutes >= Number(m[1]) * 60 + Number(m[2])) day += DAY_MS;
  while (isWeekend(day)) day += DAY_MS;
  return new Date(day).toISOString().slice(0, 10);
}
