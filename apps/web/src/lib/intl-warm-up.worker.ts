// docs/decisions.md#main-thread-work-after-the-first-paint: the first Intl format a page makes
// loads ICU's locale data, 20–90 ms here (four times that on Lighthouse's phone), in whichever
// render first formats a price or a date. ICU's data is shared by the page's process, so made
// here, on a worker's thread, the page's own first format takes a fraction of a millisecond.
// These are the kinds of format the pages draw (lib/format.ts and the features' *-format.ts).
const now = Date.now();
new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' }).format(1);
new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 }).format(1);
new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1);
new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' }).format(now);
new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', timeZone: 'UTC' }).format(now);
new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
self.close();
