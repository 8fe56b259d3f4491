// Dates as epoch days: the generators reason in whole days, and write ISO dates.
export const DAY_MS = 86_400_000;
export const YEAR_DAYS = 365.25;

export const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
