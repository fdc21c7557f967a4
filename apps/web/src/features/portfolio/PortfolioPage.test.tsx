import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import type { PortfolioProject } from '@site/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { PortfolioPage } from './PortfolioPage';

const admin = { user_id: 1, username: 'admin', email: 'admin@example.com', is_admin: true };
const plain = { user_id: 2, username: 'pat', email: 'pat@example.com', is_admin: false };
const project = (id: number, title: string, image: string | null = null): PortfolioProject => ({
  id,
  title,
  description: `${title} description`,
  image,
  technology: 'React, Fastify',
  backend_features: 'Fast API',
  frontend_features: 'Nice UI',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  summary: '',
  body: '',
  role: '',
  period_start: '',
  period_end: '',
  ongoing: false,
  links: { source: '', demo: '', writeup: '' },
  featured: false,
  status: 'published',
  position: id,
  tags: ['React', 'Fastify'],
  images: [],
});

describe('PortfolioPage', () => {
  it('shows each project with image, title, description, technologies and features to visitors, without controls', async () => {
    mockFetch({ 'GET /api/portfolio': { body: [project(1, 'Site', '/api/portfolio/1/image?v=abc')] } });
    renderWithProviders(<PortfolioPage />);
    const card = await screen.findByRole('article', { name: 'Site' });
    expect(within(card).getByRole('img', { name: 'Screenshot of Site' })).toHaveAttribute(
      'src',
      '/api/portfolio/1/image?v=abc',
    );
    expect(within(card).getByText('Site description')).toBeInTheDocument();
    expect(within(card).getByText('React')).toBeInTheDocument();
    expect(within(card).getByText('Fastify')).toBeInTheDocument();
    expect(within(card).getByText('Fast API')).toBeInTheDocument();
    expect(within(card).getByText('Nice UI')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Projects' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  it("says 'No projects' when there are none", async () => {
    mockFetch({ 'GET /api/portfolio': { body: [] } });
    renderWithProviders(<PortfolioPage />);
    expect(await screen.findByText('No projects')).toBeInTheDocument();
  });

  it('keeps the cards on screen while the admin’s list, drafts included, is asked for', async () => {
    setCookie('csrftoken', 'csrf-1');
    let lists = 0;
    let answerMe: () => void = () => {};
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    let answerAdminList: () => void = () => {};
    const adminListAnswered = new Promise<void>((resolve) => (answerAdminList = resolve));
    const fetchMock = mockFetch({});
    // The public list first (what the page was drawn with); the session says admin after it, and
    // the admin's list, asked then, is held.
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/me') {
        await meAnswered;
        return Response.json(admin);
      }
      lists++;
      if (lists === 1) return Response.json([project(1, 'Site')]);
      await adminListAnswered;
      return Response.json([project(1, 'Site'), { ...project(2, 'Draft'), status: 'draft' }]);
    });
    renderWithProviders(<PortfolioPage />);
    await screen.findByRole('article', { name: 'Site' });
    answerMe();
    await screen.findByRole('button', { name: 'Manage Projects' });
    await waitFor(() => expect(lists).toBe(2));
    expect(screen.getByRole('article', { name: 'Site' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading projects' })).not.toBeInTheDocument();
    answerAdminList();
    expect(await screen.findByRole('article', { name: 'Draft' })).toBeInTheDocument();
  });

  it('hides the admin controls from a signed-in non-admin', async () => {
    setCookie('csrftoken', 'x');
    mockFetch({ 'GET /api/me': { body: plain }, 'GET /api/portfolio': { body: [project(1, 'Site')] } });
    renderWithProviders(<PortfolioPage />);
    await screen.findByRole('article', { name: 'Site' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Manage Projects' })).not.toBeInTheDocument());
  });

  it('lets the admin add a project as multipart form data', async () => {
    setCookie('csrftoken', 'x');
    let sent: FormData | undefined;
    mockFetch({
      'GET /api/me': { body: admin },
      'GET /api/portfolio': { body: [] },
      'POST /api/portfolio/create': (init) => {
        sent = init?.body as FormData;
        return { body: project(9, 'New one') };
      },
    });
    const { user } = renderWithProviders(<PortfolioPage />);
    await user.click(await screen.findByRole('button', { name: 'Manage Projects' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Project' });
    await user.type(within(dialog).getByLabelText('Title'), 'New one');
    await user.type(within(dialog).getByLabelText('Technology'), 'TypeScript');
    await user.click(within(dialog).getByRole('button', { name: 'Add Project' }));
    await waitFor(() => expect(sent).toBeInstanceOf(FormData));
    expect(sent?.get('title')).toBe('New one');
    expect(sent?.get('technology')).toBe('TypeScript');
    expect(sent?.has('image')).toBe(false);
  });

  it('asks the seed question before deleting', async () => {
    setCookie('csrftoken', 'x');
    const fetchMock = mockFetch({
      'GET /api/me': { body: admin },
      'GET /api/portfolio': { body: [project(3, 'Old thing')] },
      'DELETE /api/portfolio/delete/3': { body: { success: true, message: 'Project deleted', id: 3 } },
    });
    const { user } = renderWithProviders(<PortfolioPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Old thing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project' });
    expect(within(dialog).getByText('Are you sure you want to delete the project Old thing?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/api/portfolio/delete/3') && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('shows a readable error when the list cannot load', async () => {
    mockFetch({ 'GET /api/portfolio': apiError(500, 'Something went wrong on our side. Please try again.') });
    renderWithProviders(<PortfolioPage />);
    expect(await screen.findByText('Could not load the projects')).toBeInTheDocument();
  });

  describe('a failed save, shown inside the modal instead of as a toast over it', () => {
    async function submitWith(answer: ReturnType<typeof apiError>) {
      setCookie('csrftoken', 'x');
      cleanNotifications();
      mockFetch({
        'GET /api/me': { body: admin },
        'GET /api/portfolio': { body: [] },
        'POST /api/portfolio/create': answer,
      });
      const { user } = renderWithProviders(<PortfolioPage />);
      await user.click(await screen.findByRole('button', { name: 'Manage Projects' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Add Project' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Project' });
      await user.type(within(dialog).getByLabelText('Title'), 'New one');
      await user.click(within(dialog).getByRole('button', { name: 'Add Project' }));
      return dialog;
    }
    const toasts = () => notificationsStore.getState().notifications.map((n) => n.title);

    it('puts a refused image on the image field, with no toast', async () => {
      const message = 'The image could not be read. It may be damaged or too large in pixels.';
      const dialog = await submitWith(apiError(415, message, { image: message }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
      expect(toasts()).toEqual([]);
    });

    it('shows any other failure as an alert in the modal, which stays open', async () => {
      const dialog = await submitWith(apiError(500, 'Something went wrong'));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Could not add the project');
      expect(alert).toHaveTextContent('Something went wrong');
      expect(screen.getByRole('dialog', { name: 'Add Project' })).toBeInTheDocument();
      expect(toasts()).toEqual([]);
    });
  });
});
