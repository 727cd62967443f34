/**
 * A test's clock on office days: 10:00 in New York (15:00 UTC in winter, the default
 * procedure's time zone) on the day set, starting Monday 23 November 2026. `now` goes to the
 * app (`startTestApp({ now })`) and to jobs run by hand.
 */
export function officeClock(startDay = "2026-11-23") {
  let clock = new Date(`${startDay}T15:00:00Z`);
  return {
    now: () => clock,
    setDay(iso: string) {
      clock = new Date(`${iso}T15:00:00Z`);
    },
  };
}
