import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { ContactSection } from './ContactSection';

const FORM = { token: '1700000000000.signature', min_seconds: 3 };
const THANKS = { success: true, message: 'Thank you, your message has been sent.' };

/** The form's code is loaded lazily (at once here: jsdom has no IntersectionObserver). */
const formLoaded = () => screen.findByRole('textbox', { name: 'Name' }, { timeout: 30_000 });

async function fillIn(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello!{Enter}Second line');
}

describe('ContactSection', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setCookie('csrftoken', 'csrf-123');
  });

  it('sends name, e-mail, message, the form token and an empty honeypot, then says thank you', async () => {
    const fetchMock = mockFetch({ 'GET /api/contact/form': { body: FORM }, 'POST /api/contact': { body: THANKS } });
    const { user } = renderWithProviders(<ContactSection />);
    await formLoaded();
    expect(screen.getByRole('heading', { name: 'Send a message' })).toBeInTheDocument();
    // No token for a visitor who only reads: it is asked for as they start writing.
    expect(callsTo(fetchMock, 'GET', '/api/contact/form')).toHaveLength(0);
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/contact/form')).toHaveLength(1));
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you, your message has been sent.');
    expect(callsTo(fetchMock, 'POST', '/api/contact').map((c) => c.body)).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Hello!\nSecond line',
        website: '',
        form_token: FORM.token,
      },
    ]);
    // A new token for the next message.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/contact/form')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Write another message' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('keeps the honeypot away from people: hidden from screen readers and out of the tab order', async () => {
    mockFetch({ 'GET /api/contact/form': { body: FORM } });
    const { user, container } = renderWithProviders(<ContactSection />);
    await formLoaded();
    const honeypot = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    // Tab goes from the e-mail field to the message and on to Send, never into the honeypot.
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('checks the fields before sending and shows the server’s field errors', async () => {
    const fetchMock = mockFetch({
      'GET /api/contact/form': { body: FORM },
      'POST /api/contact': apiError(400, 'Check the highlighted fields', {
        email: 'Enter a valid email address',
      }),
    });
    const { user } = renderWithProviders(<ContactSection />);
    await formLoaded();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/contact')).toHaveLength(0);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal (too quick, limits) and asks for a new token, keeping what was typed', async () => {
    const fetchMock = mockFetch({
      'GET /api/contact/form': { body: FORM },
      'POST /api/contact': apiError(400, 'That was quicker than anyone can write.'),
    });
    const { user } = renderWithProviders(<ContactSection />);
    await formLoaded();
    await fillIn(user);
    const sending = holdRequests(fetchMock, 'POST', '/api/contact');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('data-loading', 'true'));
    sending.release();
    expect(await screen.findByRole('alert')).toHaveTextContent('That was quicker than anyone can write.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/contact/form')).toHaveLength(2));
  });

  it('loads the form only when its place nears the screen, keeping that place meanwhile', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    mockFetch({ 'GET /api/contact/form': { body: FORM } });
    const { container } = renderWithProviders(<ContactSection />);
    expect(screen.getByRole('heading', { name: 'Send a message' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(observers[0]?.options?.rootMargin).toBe('800px 0px');
    act(() => observers[0]?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as never));
    await formLoaded();
  });

  it('renders what the server answers as text, never as markup', async () => {
    mockFetch({
      'GET /api/contact/form': { body: FORM },
      'POST /api/contact': apiError(429, '<img src=x onerror=alert(1)>'),
    });
    const { user, container } = renderWithProviders(<ContactSection />);
    await formLoaded();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
  });
});
