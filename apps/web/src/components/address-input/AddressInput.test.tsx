import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { settled } from '../../test/settled';
import { AddressInput, type AddressInputProps } from './AddressInput';
import { collection, denver, denverCity, denverPa, feature, paris } from './test-fixtures';

const AUTOCOMPLETE = '/api/geocode/autocomplete';
const PLACE = '/api/geocode/place';

function renderInput(props: Partial<AddressInputProps> = {}) {
  const onSelect = vi.fn();
  const view = renderWithProviders(
    <form aria-label="Search" onSubmit={(e) => e.preventDefault()}>
      <AddressInput onSelect={onSelect} {...props} />
    </form>,
  );
  const input = screen.getByRole('combobox');
  return { ...view, onSelect, input };
}

/** Puts text in the field in one change event (one debounced search), with the field focused. */
function enter(input: HTMLElement, text: string) {
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
}

const options = () => screen.getAllByRole('option');
const queryOf = (fetchMock: ReturnType<typeof mockFetch>, index = 0) => {
  const call = fetchMock.mock.calls.filter(([url]) => String(url).startsWith(AUTOCOMPLETE))[index];
  return new URL(String(call?.[0]), 'http://localhost').searchParams;
};

interface Pending {
  url: URL;
  signal: AbortSignal | undefined;
  respond: (body: unknown, status?: number) => void;
}

/** A fetch whose answers the test releases one by one; with `honourAbort` it rejects when cancelled. */
function deferredFetch({ honourAbort }: { honourAbort: boolean }) {
  const pending: Pending[] = [];
  const fetchMock = vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init?.signal ?? undefined;
        pending.push({
          url: new URL(String(input), 'http://localhost'),
          signal,
          respond: (body, status = 200) =>
            resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
        });
        if (honourAbort) {
          signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, pending };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AddressInput', () => {
  it('is a closed combobox with the seed placeholder and a named listbox', () => {
    mockFetch({});
    const { input } = renderInput();
    expect(input).toHaveAttribute('placeholder', 'Enter address here');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    const listboxId = input.getAttribute('aria-controls');
    expect(listboxId).toBeTruthy();
    expect(document.getElementById(listboxId ?? '')).toHaveAttribute('role', 'listbox');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear address' })).not.toBeInTheDocument();
  });

  it('waits for the debounce after the last keystroke, then asks our server once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const { input } = renderInput();

    enter(input, 'D');
    act(() => vi.advanceTimersByTime(60));
    fireEvent.change(input, { target: { value: 'De' } });
    act(() => vi.advanceTimersByTime(60));
    fireEvent.change(input, { target: { value: 'Den' } });
    act(() => vi.advanceTimersByTime(99));
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url] = fetchMock.mock.calls[0] ?? [];
    // Same origin, no API key: the server talks to the geocoder.
    expect(String(url)).toMatch(/^\/api\/geocode\/autocomplete\?/);
    expect(String(url)).not.toMatch(/apiKey/i);
    expect(Object.fromEntries(queryOf(fetchMock))).toEqual({ text: 'Den', limit: '5' });
    await vi.waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'), { timeout: 30_000 });
    expect(screen.getByRole('option', { name: /Denver/ })).toBeInTheDocument();
  });

  it('honours a custom debounce and sends type, lang, limit, filter and bias', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const { input } = renderInput({
      debounceMs: 400,
      type: 'city',
      lang: 'EN',
      limit: 3,
      filter: { countryCodes: ['us'] },
      bias: 'proximity:-104.99,39.74',
    });
    enter(input, 'Denver');
    act(() => vi.advanceTimersByTime(399));
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(Object.fromEntries(queryOf(fetchMock))).toEqual({
      text: 'Denver',
      limit: '3',
      type: 'city',
      lang: 'en',
      filter: 'countrycode:us',
      bias: 'proximity:-104.99,39.74',
    });
  });

  it('shows at most `limit` suggestions with line 1 bold and line 2 dimmed', async () => {
    const many = Array.from({ length: 8 }, (_, i) => feature({ formatted: `Springfield ${i + 1}, State ${i + 1}` }));
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection(many) } });
    const { input } = renderInput({ limit: 5 });
    enter(input, 'Springfield');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(options()).toHaveLength(5);
    const first = options()[0] as HTMLElement;
    expect(within(first).getByText('Springfield 1')).toHaveStyle({ fontWeight: '600' });
    expect(within(first).getByText('State 1')).toBeInTheDocument();
    // The data source is credited under the list.
    expect(screen.getByText('© GeoNames')).toBeInTheDocument();
  });

  it('shows one row per place when the answer repeats a place', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver, denver, paris]) } });
    const { input } = renderInput();
    enter(input, 'D');
    await screen.findByRole('listbox');
    expect(options().map((option) => option.textContent)).toEqual([
      'DenverColorado, United States',
      'ParisÎle-de-France, France',
    ]);
  });

  it("says 'No results found.' when nothing matches", async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([]) } });
    const { input } = renderInput();
    enter(input, 'Xyzzy');
    await waitFor(() => expect(screen.getByText('No results found.', { selector: 'p' })).toBeVisible());
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('does not search below the minimum length', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const { input } = renderInput({ minLength: 3 });
    enter(input, 'De');
    act(() => vi.advanceTimersByTime(500));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '   ' } });
    act(() => vi.advanceTimersByTime(500));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Den' } });
    act(() => vi.advanceTimersByTime(100));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('moves the highlight with the arrow keys, wrapping around, and Enter chooses it', async () => {
    const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver, denverCity, denverPa]) } });
    const { input, user, onSelect } = renderInput();
    enter(input, 'Denver');
    await screen.findByRole('listbox');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('DenverColorado');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Denver City');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('DenverColorado');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Pennsylvania');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Denver City');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);

    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Denver City, Texas, United States');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(denverCity.properties);
    // A geonames result needs no details look-up.
    expect(callsTo(fetchMock, 'GET', PLACE)).toHaveLength(0);
  });

  it('Enter with nothing highlighted only closes the list and does not submit the form', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const { input, user, onSelect } = renderInput();
    input.closest('form')?.addEventListener('submit', onSubmit);
    enter(input, 'Denver');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveValue('Denver');
    // With the list closed, Enter belongs to the form again.
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('with submitOnEnter, Enter with nothing highlighted closes the list and submits the form', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const { input, user, onSelect } = renderInput({ submitOnEnter: true });
    input.closest('form')?.addEventListener('submit', onSubmit);
    enter(input, 'Denver');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSelect).not.toHaveBeenCalled();
    // A highlighted suggestion is still chosen, without submitting.
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ formatted: denver.properties.formatted }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('Escape closes the list and Arrow Down reopens it with the first suggestion highlighted', async () => {
    const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver, denverCity]) } });
    const { input, user } = renderInput();
    enter(input, 'Denver');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('DenverColorado');
    // Reopening reuses the answer it has.
    expect(callsTo(fetchMock, 'GET', AUTOCOMPLETE)).toHaveLength(1);
  });

  it('Arrow Up leaves a closed list closed; Tab closes an open one', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver, denverCity]) } });
    const { input, user } = renderInput();
    enter(input, 'Denver');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    // docs/product.md: only Arrow Down reopens (Mantine's own navigation would open on Arrow Up too).
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Tab}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Escape is kept from the page only while the list is open', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const { input, user } = renderInput();
    // A listener above the field, like a modal's Escape handler.
    const pageEscapes = vi.fn();
    const listener = (event: KeyboardEvent) => event.key === 'Escape' && pageEscapes();
    document.addEventListener('keydown', listener);
    try {
      enter(input, 'Denver');
      await screen.findByRole('listbox');
      expect(input).toHaveAttribute('data-mantine-stop-propagation', 'true');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(pageEscapes).not.toHaveBeenCalled();
      expect(input).not.toHaveAttribute('data-mantine-stop-propagation');
      await user.keyboard('{Escape}');
      expect(pageEscapes).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener('keydown', listener);
    }
  });

  it('the pointer moves the highlight, and Enter chooses the option under it', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver, denverCity, denverPa]) } });
    const { input, user, onSelect } = renderInput();
    enter(input, 'Denver');
    await screen.findByRole('listbox');
    const city = screen.getByRole('option', { name: /Denver City/ });
    await user.hover(city);
    expect(input).toHaveAttribute('aria-activedescendant', city.id);
    expect(screen.getAllByRole('option', { selected: true })).toEqual([city]);
    // Arrow keys go on from the hovered option.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Pennsylvania');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(denverCity.properties);
  });

  it('Arrow Down on text set by the parent looks it up at once', async () => {
    const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([paris]) } });
    const onSelect = vi.fn();
    const { user } = renderWithProviders(<AddressInput value="Paris" onSelect={onSelect} />);
    const input = screen.getByRole('combobox');
    expect(input).toHaveValue('Paris');
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: /Paris/ })).toBeInTheDocument();
    expect(queryOf(fetchMock).get('text')).toBe('Paris');
  });

  it('clicking outside closes the list; clicking a suggestion chooses it', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver, paris]) } });
    const { input, user, onSelect } = renderInput();
    enter(input, 'D');
    await screen.findByRole('listbox');
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(input);
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: /Paris/ }));
    expect(input).toHaveValue('Paris, Île-de-France, France');
    expect(onSelect).toHaveBeenCalledWith(paris.properties);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('typing closes the open list at once and shows the new suggestions after the pause', async () => {
    let answer = collection([denver, denverCity]);
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: () => ({ body: answer }) });
    const { input, user } = renderInput();
    enter(input, 'Denver');
    await screen.findByRole('listbox');
    expect(options()).toHaveLength(2);

    answer = collection([denverPa]);
    await user.type(input, ' P');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(options()[0]).toHaveTextContent('Pennsylvania');
  });

  it('the clear button empties the field, closes the list and reports no selection', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const { input, user, onSelect } = renderInput();
    enter(input, 'Denver');
    await user.click(await screen.findByRole('option', { name: /Denver/ }));
    expect(onSelect).toHaveBeenLastCalledWith(denver.properties);

    await user.click(screen.getByRole('button', { name: 'Clear address' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(onSelect).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear address' })).not.toBeInTheDocument();
  });

  it('editing the text after a choice withdraws it (reports null once)', async () => {
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const { input, user, onSelect } = renderInput();
    enter(input, 'Denver');
    await user.click(await screen.findByRole('option', { name: /Denver/ }));
    onSelect.mockClear();
    await user.type(input, 'xx');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(null);
  });

  it('Enter before the suggestions arrive submits the form, and the late answer opens no list over it', async () => {
    const { fetchMock, pending } = deferredFetch({ honourAbort: false });
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const { input, user, queryClient } = renderInput({ submitOnEnter: true });
    input.closest('form')?.addEventListener('submit', onSubmit);
    enter(input, 'Denver');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    await act(async () => pending[0]?.respond(collection([denver])));
    await settled(queryClient, fetchMock);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows a loader in the field while suggestions load', async () => {
    const { pending } = deferredFetch({ honourAbort: true });
    const { input } = renderInput();
    enter(input, 'Denver');
    expect(await screen.findByTestId('address-loader')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-busy', 'true');
    // Answered once asked, and the request still in flight: on a loaded machine the loader can show
    // before the request goes, and a first request can be cancelled and asked again.
    const live = () => pending.find((request) => !request.signal?.aborted);
    await waitFor(() => expect(live()).toBeDefined());
    await act(async () => live()?.respond(collection([denver])));
    await screen.findByRole('listbox');
    expect(screen.queryByTestId('address-loader')).not.toBeInTheDocument();
  });

  it('cancels the request in flight when the text changes, without logging the cancellation', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { pending } = deferredFetch({ honourAbort: true });
    const { input } = renderInput();
    enter(input, 'Den');
    await waitFor(() => expect(pending).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'Denver' } });
    expect(pending[0]?.signal?.aborted).toBe(true);
    await waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1]?.respond(collection([denver])));
    expect(await screen.findByRole('option', { name: /Denver/ })).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  it('ignores a stale answer that arrives after a newer one', async () => {
    // This fetch ignores cancellation, so the old answer does arrive, late.
    const { pending } = deferredFetch({ honourAbort: false });
    const { input } = renderInput();
    enter(input, 'Par');
    await waitFor(() => expect(pending).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'Denver' } });
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1]?.url.searchParams.get('text')).toBe('Denver');

    await act(async () => pending[1]?.respond(collection([denver])));
    await screen.findByRole('option', { name: /Denver/ });
    await act(async () => pending[0]?.respond(collection([paris])));
    expect(options()).toHaveLength(1);
    expect(screen.queryByRole('option', { name: /Paris/ })).not.toBeInTheDocument();
  });

  it('logs an autocomplete failure and says in the list that suggestions are unavailable', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'The address search service (Photon) cannot be reached. Please try again later.';
    mockFetch({ [`GET ${AUTOCOMPLETE}`]: { status: 503, body: { success: false, code: 503, message } } });
    const { input, onSelect } = renderInput();
    enter(input, 'Denver');
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Address autocomplete failed', expect.anything()));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Address suggestions are unavailable right now.');
    expect(alert).toHaveTextContent(message);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.queryByText('No results found.')).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();

    // Typing again clears the notice until the next answer.
    fireEvent.change(input, { target: { value: 'Denve' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Arrow Down after a failed search asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const fetchMock = mockFetch({
      [`GET ${AUTOCOMPLETE}`]: () =>
        down ? { status: 503, body: { success: false, code: 503, message: 'Down' } } : { body: collection([denver]) },
    });
    const { input, user } = renderInput();
    enter(input, 'Denver');
    await screen.findByRole('alert');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    down = false;
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: /Denver/ })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', AUTOCOMPLETE)).toHaveLength(2);
  });

  it('typing back to a text it has just answered shows that answer again after the pause, without asking', async () => {
    let answer = collection([denver, denverCity]);
    const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: () => ({ body: answer }) });
    const { input } = renderInput();
    enter(input, 'Denver');
    await screen.findByRole('listbox');

    answer = collection([denverPa]);
    fireEvent.change(input, { target: { value: 'Denver P' } });
    await waitFor(() => expect(options()).toHaveLength(1));

    answer = collection([paris]);
    fireEvent.change(input, { target: { value: 'Denver' } });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(options()[1]).toHaveTextContent('Denver City');
    expect(callsTo(fetchMock, 'GET', AUTOCOMPLETE)).toHaveLength(2);

    // An edit that trims to the same text still closes the list and waits for the pause.
    fireEvent.change(input, { target: { value: 'Denver ' } });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', AUTOCOMPLETE)).toHaveLength(2);
  });

  it('unmounting cancels the search in flight without logging it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { pending } = deferredFetch({ honourAbort: true });
    const { input, unmount } = renderInput();
    enter(input, 'Denver');
    await waitFor(() => expect(pending).toHaveLength(1));
    unmount();
    expect(pending[0]?.signal?.aborted).toBe(true);
    await act(async () => {});
    expect(errors).not.toHaveBeenCalled();
  });

  describe('place details (docs/api.md#every-call, docs/product.md#messages)', () => {
    const osm = feature({
      formatted: 'Paris, France',
      country_code: 'fr',
      place_id: '51fbc5e8a1ace60240594c3ad9d7426d',
      datasource: { sourcename: 'openstreetmap', attribution: '© OpenStreetMap contributors' },
      timezone: { name: 'Europe/Paris' },
    });
    const detailed = feature({
      formatted: 'Paris, Ile-de-France, Metropolitan France, France',
      country_code: 'fr',
      postcode: '75004',
      place_id: osm.properties.place_id,
      datasource: { sourcename: 'openstreetmap' },
      timezone: { name: 'Europe/Paris' },
    });

    it('reports the details of an OpenStreetMap suggestion', async () => {
      const fetchMock = mockFetch({
        [`GET ${AUTOCOMPLETE}`]: { body: collection([osm]) },
        [`GET ${PLACE}`]: { body: { type: 'FeatureCollection', features: [detailed] } },
      });
      const { input, user, onSelect } = renderInput({ lang: 'fr' });
      enter(input, 'Paris');
      await user.click(await screen.findByRole('option', { name: /Paris/ }));
      await waitFor(() => expect(onSelect).toHaveBeenCalledWith(detailed.properties));
      expect(onSelect).toHaveBeenCalledTimes(1);
      const [call] = fetchMock.mock.calls.filter(([url]) => String(url).startsWith(PLACE));
      const params = new URL(String(call?.[0]), 'http://localhost').searchParams;
      expect(Object.fromEntries(params)).toEqual({ id: osm.properties.place_id, lang: 'fr' });
      expect(input).toHaveValue('Paris, France');
    });

    it('falls back to the plain suggestion when the details cannot be had', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      mockFetch({
        [`GET ${AUTOCOMPLETE}`]: { body: collection([osm]) },
        [`GET ${PLACE}`]: { status: 404, body: { success: false, code: 404, message: 'Place not found' } },
      });
      const { input, user, onSelect } = renderInput();
      enter(input, 'Paris');
      await user.click(await screen.findByRole('option', { name: /Paris/ }));
      await waitFor(() => expect(onSelect).toHaveBeenCalledWith(osm.properties));
      expect(errors).toHaveBeenCalled();
    });

    it('skips the look-up when fetchDetails is off', async () => {
      const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([osm]) } });
      const { input, user, onSelect } = renderInput({ fetchDetails: false });
      enter(input, 'Paris');
      await user.click(await screen.findByRole('option', { name: /Paris/ }));
      expect(onSelect).toHaveBeenCalledWith(osm.properties);
      expect(callsTo(fetchMock, 'GET', PLACE)).toHaveLength(0);
    });

    it('drops a details answer once the user has typed again', async () => {
      const { pending } = deferredFetch({ honourAbort: false });
      const { input, user, onSelect } = renderInput();
      enter(input, 'Paris');
      await waitFor(() => expect(pending).toHaveLength(1));
      await act(async () => pending[0]?.respond(collection([osm])));
      await user.click(await screen.findByRole('option', { name: /Paris/ }));
      await waitFor(() => expect(pending).toHaveLength(2));
      expect(pending[1]?.url.pathname).toBe(PLACE);
      fireEvent.change(input, { target: { value: 'Lyon' } });
      await act(async () => pending[1]?.respond({ type: 'FeatureCollection', features: [detailed] }));
      expect(onSelect).not.toHaveBeenCalledWith(detailed.properties);
    });
  });

  it('logs an invalid filter or bias once and leaves it out of the request', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockFetch({ [`GET ${AUTOCOMPLETE}`]: { body: collection([denver]) } });
    const onSelect = vi.fn();
    // Every keystroke and answer re-renders the field; the message still comes once.
    renderWithProviders(
      <AddressInput onSelect={onSelect} filter="circle:-104.9,95,1000" bias="proximity:-104.99,39.74" />,
    );
    const input = screen.getByRole('combobox');
    enter(input, 'Denver');
    await screen.findByRole('listbox');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/invalid filter.*latitude/);
    expect(queryOf(fetchMock).has('filter')).toBe(false);
    expect(queryOf(fetchMock).get('bias')).toBe('proximity:-104.99,39.74');
  });
});
