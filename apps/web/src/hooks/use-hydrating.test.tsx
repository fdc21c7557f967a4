import { act } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrating } from './use-hydrating';

/** Records what each of its renders saw. */
function Probe({ seen }: { seen: boolean[] }) {
  const hydrating = useHydrating();
  seen.push(hydrating);
  return <span data-hydrating={String(hydrating)}>{hydrating ? 'as pre-rendered' : 'real'}</span>;
}

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

function container(html = '') {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  containers.push(element);
  return element;
}

describe('useHydrating', () => {
  it('is true in the pre-render', () => {
    expect(renderToString(<Probe seen={[]} />)).toContain('as pre-rendered');
  });

  it('is true while hydrating, so hydration matches the HTML, then false without a mismatch', async () => {
    const root = container(renderToString(<Probe seen={[]} />));
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, <Probe seen={seen} />, { onRecoverableError: (error) => errors.push(error) });
    });
    // Two renders: hydration, then the switch (no third, blocking one for a changed snapshot).
    expect(seen).toEqual([true, false]);
    expect(root.textContent).toBe('real');
    expect(errors).toEqual([]);
  });

  it('holds for a part in a Suspense boundary, which React hydrates after the rest', async () => {
    const page = (seen: boolean[]) => (
      <main>
        <Probe seen={seen} />
        <Suspense fallback={null}>
          <Probe seen={seen} />
        </Suspense>
      </main>
    );
    const root = container(renderToString(page([])));
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, page(seen), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(seen.filter(Boolean)).toHaveLength(2);
    expect(root.textContent).toBe('realreal');
    expect(errors).toEqual([]);
  });

  it('is false from the first render of a part drawn in the browser', async () => {
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(container());
    const seen: boolean[] = [];
    await act(async () => root.render(<Probe seen={seen} />));
    expect(seen).not.toContain(true);
    root.unmount();
  });
});
