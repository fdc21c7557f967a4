import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LazyChart } from './LazyChart';

/** jsdom has no IntersectionObserver: this one reports what a test tells it. */
class ScreenWatcher {
  static last: ScreenWatcher | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly report: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    ScreenWatcher.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter(isIntersecting: boolean) {
    this.report([{ isIntersecting }]);
  }
}

describe('LazyChart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    ScreenWatcher.last = undefined;
  });

  it('holds an empty place until the chart nears the screen, then draws it', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenWatcher);
    renderWithProviders(
      <LazyChart height={300}>
        <p>the chart</p>
      </LazyChart>,
    );
    expect(screen.queryByText('the chart')).not.toBeInTheDocument();
    // Not loading anything yet: no loader that nothing would end.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const watcher = ScreenWatcher.last as ScreenWatcher;
    expect(watcher.observed).toHaveLength(1);
    expect(watcher.options.rootMargin).toBe('400px 0px');
    act(() => watcher.enter(false));
    expect(screen.queryByText('the chart')).not.toBeInTheDocument();
    act(() => watcher.enter(true));
    expect(await screen.findByText('the chart')).toBeInTheDocument();
    expect(watcher.disconnected).toBe(true);
  });

  it('draws at once where the browser cannot tell what is on screen', () => {
    renderWithProviders(
      <LazyChart height={300}>
        <p>the chart</p>
      </LazyChart>,
    );
    expect(screen.getByText('the chart')).toBeInTheDocument();
  });
});
