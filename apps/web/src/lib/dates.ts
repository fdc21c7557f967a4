/**
 * Dates and times in the reader's own locale and time zone (account and admin pages), unlike the
 * market figures, which follow docs/product.md#constants' en-US.
 */
import { NO_VALUE } from './format';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2026-11-24T21:12:00Z` → `Nov 24, 2026, 9:12 PM` (in en-US; each reader's locale otherwise). */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : NO_VALUE;
}

/** `2026-11-24T21:12:00Z` → `Nov 24, 2026`. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateOnly.format(date) : NO_VALUE;
}
