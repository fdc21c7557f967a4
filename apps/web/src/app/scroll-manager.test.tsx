import { act, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './routes';

const health = { status: 'ok', database: 'sqlite', dataMode: 'demo' };

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Test back
    </button>
  );
}

/** jsdom has no layout: the window's scroll position is a number these tests move, as a person would. */
let scrollY = 0;
function scrollBy(person: number) {
  scrollY = person;
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollManager (app/shell), across the routes', () => {
  beforeEach(() => {
    scrollY = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      scrollY = options.top ?? scrollY;
    }) as typeof window.scrollTo);
    mockFetch({ 'GET /api/me': apiError(401, 'Not signed in'), 'GET /api/health': { body: health } });
  });
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0, writable: true });
    sessionStorage.clear();
  });

  it('opens a page reached from the footer at its top, and Back returns to where the last one was left', async () => {
    const { user } = renderWithProviders(
      <>
        <AppRoutes />
        <BackButton />
      </>,
    );
    await screen.findByRole('region', { name: 'Introduction' });
    act(() => scrollBy(1800));

    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Portfolio' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
    expect(scrollY).toBe(0);

    act(() => scrollBy(240));
    await user.click(screen.getByRole('button', { name: 'Test back' }));
    await screen.findByRole('region', { name: 'Introduction' });
    await waitFor(() => expect(scrollY).toBe(1800));
  });

  it('scrolls to the anchor a link names instead of the top', async () => {
    const anchorScroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    function ToAnchor() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/#main')}>
          To main
        </button>
      );
    }
    const { user } = renderWithProviders(
      <>
        <AppRoutes />
        <ToAnchor />
      </>,
      { route: '/portfolio' },
    );
    await screen.findByRole('heading', { level: 1, name: 'Portfolio' });
    act(() => scrollBy(900));
    await user.click(screen.getByRole('button', { name: 'To main' }));
    await waitFor(() => expect(anchorScroll.mock.contexts).toContain(document.getElementById('main')));
  });
});
