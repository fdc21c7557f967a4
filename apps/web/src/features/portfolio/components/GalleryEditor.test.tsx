import type { PortfolioImage, PortfolioProject } from '@site/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { GalleryEditor } from './GalleryEditor';

const image = (id: number, alt: string, extra: Partial<PortfolioImage> = {}): PortfolioImage => ({
  id,
  alt,
  caption: '',
  focal_x: 0.5,
  focal_y: 0.5,
  width: 800,
  height: 600,
  placeholder: '',
  sources: { avif: `/api/portfolio/7/images/${id}?f=avif&w=800&v=a 800w`, webp: `/x/${id}.webp 800w` },
  src: `/api/portfolio/7/images/${id}?f=webp&w=800&v=a`,
  ...extra,
});
const project = (images: PortfolioImage[]): PortfolioProject => ({
  id: 7,
  title: 'Gallery',
  description: '',
  image: images.length > 0 ? '/api/portfolio/7/image?v=a' : null,
  technology: '',
  backend_features: '',
  frontend_features: '',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  slug: 'gallery',
  summary: '',
  body: '',
  role: '',
  period_start: '',
  period_end: '',
  ongoing: false,
  links: { source: '', demo: '', writeup: '' },
  featured: false,
  status: 'published',
  position: 0,
  tags: [],
  images,
});
/** Mantine's FileInput is a button; the file goes to its hidden input. */
const fileInput = (form: HTMLElement) => form.querySelector('input[type="file"]') as HTMLInputElement;
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' });

describe('GalleryEditor', () => {
  // jsdom has no object URLs: the new image's preview needs one.
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
  });

  it('refuses to add an image without alt text, then sends file, alt, caption and the focal point', async () => {
    setCookie('csrftoken', 'x');
    const fetchMock = mockFetch({
      'POST /api/portfolio/7/images': { body: project([image(1, 'Cover'), image(2, 'The chart')]) },
    });
    const onChange = vi.fn();
    const { user } = renderWithProviders(<GalleryEditor project={project([image(1, 'Cover')])} onChange={onChange} />);
    const form = screen.getByRole('region', { name: 'Add an image' });
    await user.upload(fileInput(form), png());
    await user.click(within(form).getByRole('button', { name: 'Add image' }));
    expect(await within(form).findByText('Describe the image for people who cannot see it')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/portfolio/7/images')).toEqual([]);

    // The focal point from the keyboard: right 3, down 1 with Shift (10 steps).
    const focal = within(form).getByRole('button', {
      name: /Focal point of the new image: 50% from the left, 50% from the top/,
    });
    focal.focus();
    for (let i = 0; i < 3; i++) fireEvent.keyDown(focal, { key: 'ArrowRight' });
    fireEvent.keyDown(focal, { key: 'ArrowDown', shiftKey: true });
    expect(within(form).getByText('Focal point: 53% from the left, 60% from the top')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /Alt text/ }), 'The chart');
    await user.type(within(form).getByRole('textbox', { name: 'Caption' }), 'Prices over a year');
    await user.click(within(form).getByRole('button', { name: 'Add image' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [call] = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/portfolio/7/images'));
    const sent = call?.[1]?.body as FormData;
    expect(Object.fromEntries([...sent.entries()].filter(([k]) => k !== 'image'))).toEqual({
      alt: 'The chart',
      caption: 'Prices over a year',
      focal_x: '0.53',
      focal_y: '0.6',
    });
    expect(sent.get('image')).toBeInstanceOf(File);
    // The answer's gallery is shown, and the form is empty again.
    expect(await screen.findByRole('article', { name: 'Image 2' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Alt text/ })).toHaveValue('');
  });

  it('shows the server’s refusal on the file field', async () => {
    setCookie('csrftoken', 'x');
    const message = 'The image must be a PNG, JPEG, WebP or GIF file';
    mockFetch({ 'POST /api/portfolio/7/images': apiError(415, message, { image: message }) });
    const { user } = renderWithProviders(<GalleryEditor project={project([])} onChange={() => {}} />);
    const form = screen.getByRole('region', { name: 'Add an image' });
    await user.upload(fileInput(form), png());
    await user.type(within(form).getByRole('textbox', { name: /Alt text/ }), 'Something');
    await user.click(within(form).getByRole('button', { name: 'Add image' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
  });

  it('moves the focal point of a stored image with the arrow keys and saves it with its texts', async () => {
    setCookie('csrftoken', 'x');
    const saved = project([image(1, 'Cover, described', { focal_x: 0.48, focal_y: 0.5 })]);
    const fetchMock = mockFetch({ 'PATCH /api/portfolio/7/images/1': { body: saved } });
    const { user } = renderWithProviders(<GalleryEditor project={project([image(1, 'Cover')])} onChange={() => {}} />);
    const item = screen.getByRole('article', { name: 'Image 1 (cover)' });
    const save = within(item).getByRole('button', { name: 'Update Cover' });
    expect(save).toBeDisabled();
    const focal = within(item).getByRole('button', { name: /Focal point of Cover/ });
    focal.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    const alt = within(item).getByRole('textbox', { name: /Alt text/ });
    await user.clear(alt);
    // An empty alt text cannot be saved.
    expect(within(item).getByText('Describe the image for people who cannot see it')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(alt, 'Cover, described');
    await user.click(save);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/portfolio/7/images/1').map((c) => c.body)).toEqual([
        { alt: 'Cover, described', caption: '', focal_x: 0.48, focal_y: 0.5 },
      ]),
    );
  });

  it('moves an image up, and removes one only after the confirmation, showing the wait', async () => {
    setCookie('csrftoken', 'x');
    const two = [image(1, 'First'), image(2, 'Second')];
    const fetchMock = mockFetch({
      'PATCH /api/portfolio/7/images/2': { body: project([two[1] as PortfolioImage, two[0] as PortfolioImage]) },
      'DELETE /api/portfolio/7/images/1': { body: project([two[1] as PortfolioImage]) },
    });
    const { user } = renderWithProviders(<GalleryEditor project={project(two)} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Move First up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Second down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Second up' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/portfolio/7/images/2').map((c) => c.body)).toEqual([{ position: 0 }]),
    );
    expect(await screen.findByRole('button', { name: 'Move Second down' })).toBeEnabled();
    expect(
      within(screen.getByRole('article', { name: 'Image 1 (cover)' })).getByDisplayValue('Second'),
    ).toBeInTheDocument();

    const held = holdRequests(fetchMock, 'DELETE', '/api/portfolio/7/images/1');
    await user.click(screen.getByRole('button', { name: 'Remove First' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove image' });
    expect(callsTo(fetchMock, 'DELETE', '/api/portfolio/7/images/1')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveAttribute('data-loading'));
    held.release();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Image 2' })).not.toBeInTheDocument());
  });

  it('shows a failed change above the gallery', async () => {
    setCookie('csrftoken', 'x');
    mockFetch({ 'PATCH /api/portfolio/7/images/2': apiError(404, 'This project has no such image') });
    const { user } = renderWithProviders(
      <GalleryEditor project={project([image(1, 'First'), image(2, 'Second')])} onChange={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Move Second up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not change the gallery');
    expect(alert).toHaveTextContent('This project has no such image');
  });
});
