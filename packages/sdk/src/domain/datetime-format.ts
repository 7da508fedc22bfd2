/**
 * Dates, countdowns and addresses as the product shows them. A module apart from ./format (money):
 * the layout's clearing banner and wallet button need only these, on every page a visitor loads
 * (issue 26).
 */

const pad = (n: number, width = 2): string => String(Math.trunc(Math.abs(n))).padStart(width, "0");

/** Parts of a date as the product shows them, in a given UTC offset (minutes east of UTC). */
export interface DateTimeParts {
  /** DD.MM.YYYY */
  date: string;
  /** HH:mm:ss (24 h) */
  time: string;
  /** UTC offset, e.g. `UTC+01:00`, `UTC-05:30`, `UTC+00:00` */
  offset: string;
}

/**
 * Minutes east of UTC for the runtime's time zone at `date` (the inverse sign of
 * `Date#getTimezoneOffset`).
 *
 * @example localUtcOffsetMinutes(new Date()) // 60 in Paris in winter
 */
export function localUtcOffsetMinutes(date: Date): number {
  const minutes = -date.getTimezoneOffset();
  return minutes === 0 ? 0 : minutes;
}

/**
 * Splits a date into DD.MM.YYYY, HH:mm:ss and its UTC offset.
 *
 * @param date the instant to show
 * @param offsetMinutes minutes east of UTC; defaults to the runtime's local zone
 * @example dateTimeParts(new Date("2026-11-27T22:00:00Z"), 60)
 * // { date: "27.11.2026", time: "23:00:00", offset: "UTC+01:00" }
 */
export function dateTimeParts(
  date: Date,
  offsetMinutes: number = localUtcOffsetMinutes(date),
): DateTimeParts {
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return {
    date: `${pad(shifted.getUTCDate())}.${pad(shifted.getUTCMonth() + 1)}.${shifted.getUTCFullYear()}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`,
    offset: `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
  };
}

/**
 * DD.MM.YYYY.
 *
 * @example formatDate(new Date("2026-11-27T22:00:00Z"), 0) // "27.11.2026"
 */
export function formatDate(date: Date, offsetMinutes?: number): string {
  return dateTimeParts(date, offsetMinutes).date;
}

/**
 * DD.MM.YYYY HH:mm:ss with the UTC offset.
 *
 * @example formatDateTime(new Date("2026-11-27T22:00:00Z"), 0) // "27.11.2026 22:00:00 UTC+00:00"
 */
export function formatDateTime(date: Date, offsetMinutes?: number): string {
  const p = dateTimeParts(date, offsetMinutes);
  return `${p.date} ${p.time} ${p.offset}`;
}

/** A countdown split into whole units. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** true once the target is reached: the countdown stops at zero, never negative */
  done: boolean;
}

/**
 * Time left until `targetMs` at `nowMs`, clamped at zero.
 *
 * @example countdownParts(90_061_000, 0) // { days: 1, hours: 1, minutes: 1, seconds: 1, done: false }
 */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

/**
 * Countdown text `Dd HHh MMm SSs`.
 *
 * @example formatCountdown(countdownParts(90_061_000, 0)) // "1d 01h 01m 01s"
 */
export function formatCountdown(p: CountdownParts): string {
  return `${p.days}d ${pad(p.hours)}h ${pad(p.minutes)}m ${pad(p.seconds)}s`;
}

/**
 * Shortened address: first 6 and last 4 characters.
 *
 * @example shortenAddress("0x1234567890abcdef1234567890abcdef12345678") // "0x1234...5678"
 */
export function shortenAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}
