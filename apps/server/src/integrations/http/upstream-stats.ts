import type { ProviderStatus } from '@site/contract';
import type { UpstreamCallObserver, UpstreamFailure } from './upstream-client.js';

/** A failure message longer than this is cut (it is shown on the admin's status page). */
const MESSAGE_MAX = 300;

interface ProviderRecord {
  calls: number;
  failures: number;
  lastSuccessAt: number | undefined;
  lastFailureAt: number | undefined;
  lastError: string | undefined;
}

const emptyRecord = (): ProviderRecord => ({
  calls: 0,
  failures: 0,
  lastSuccessAt: undefined,
  lastFailureAt: undefined,
  lastError: undefined,
});

const isoOrNull = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/**
 * Each outside service's record since this instance started (calls, failures, the last success
 * and failure), for the admin's status (docs/api.md#admin). Always on, in memory, per instance:
 * fed by the same `onCall` hook as the metrics (`getJson`, integrations/http/upstream-client.ts),
 * so every provider is covered without touching its adapter.
 */
export class UpstreamStats {
  private readonly records = new Map<string, ProviderRecord>();

  constructor(
    /** Providers listed even before their first call (the live ones configured). */
    expected: readonly string[] = [],
    private readonly now: () => number = Date.now,
  ) {
    for (const provider of expected) this.records.set(provider, emptyRecord());
  }

  /** The observer to hand to the adapters. */
  readonly observe: UpstreamCallObserver = (provider, outcome, message) => this.record(provider, outcome, message);

  record(provider: string, outcome: 'ok' | UpstreamFailure, message?: string): void {
    let entry = this.records.get(provider);
    if (!entry) {
      entry = emptyRecord();
      this.records.set(provider, entry);
    }
    entry.calls++;
    if (outcome === 'ok') {
      entry.lastSuccessAt = this.now();
      return;
    }
    entry.failures++;
    entry.lastFailureAt = this.now();
    entry.lastError = (message ?? `Failed (${outcome})`).slice(0, MESSAGE_MAX);
  }

  /** Every provider's record, by name. */
  snapshot(): ProviderStatus[] {
    return [...this.records.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([provider, r]) => ({
        provider,
        calls: r.calls,
        failures: r.failures,
        error_rate: r.calls === 0 ? 0 : r.failures / r.calls,
        last_success_at: isoOrNull(r.lastSuccessAt),
        last_failure_at: isoOrNull(r.lastFailureAt),
        last_error: r.lastError ?? null,
      }));
  }
}

/** Fans one adapter report out to several observers (the status record, and metrics when on). */
export function observeAll(...observers: (UpstreamCallObserver | undefined)[]): UpstreamCallObserver {
  const present = observers.filter((o) => o !== undefined);
  return (provider, outcome, message) => {
    for (const observer of present) observer(provider, outcome, message);
  };
}
