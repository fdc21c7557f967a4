/** Timestamps are stored as ISO-8601 UTC text so they compare and sort the same in both databases. */
export const isoNow = (now = Date.now()) => new Date(now).toISOString();
