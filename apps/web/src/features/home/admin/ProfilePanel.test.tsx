import { defaultProfile, type Profile } from '@site/contract/profile-defaults';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../lib/csrf';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { findLabelled, findNamed, getLabelled, getNamed } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { ProfilePanel } from './ProfilePanel';

const saved: Profile = {
  ...defaultProfile,
  links: [{ label: 'GitHub', url: 'https://github.com/alex' }],
  updated_at: '2026-11-20T10:00:00Z',
};

function setup(extra: Parameters<typeof mockFetch>[0] = {}) {
  setCookie('csrftoken', 'csrf-123');
  const fetchMock = mockFetch({ 'GET /api/profile': { body: saved }, ...extra });
  const { user } = renderWithProviders(<ProfilePanel />, { route: '/admin?tab=profile' });
  return { fetchMock, user };
}

/**
 * Selects a field's text and pastes over it. Each edit draws the whole form and its preview again
 * (their autosizing text areas measure themselves with jsdom's computed style on every render):
 * one edit rather than clear's deletion and then the paste.
 */
async function replaceText(user: UserEvent, field: HTMLElement, text: string) {
  await user.tripleClick(field);
  await user.paste(text);
}

/** The résumé card's file input (the photo card has one too). */
const resumeFileInput = () => getLabelled('region', 'Résumé').querySelector('input[type="file"]') as HTMLInputElement;
const photoFileInput = () => getLabelled('region', 'Photo').querySelector('input[type="file"]') as HTMLInputElement;

const avatar = {
  url: '/api/profile/avatar?w=384&v=abcdef123456',
  srcset: '/api/profile/avatar?w=96&v=abcdef123456 96w, /api/profile/avatar?w=384&v=abcdef123456 384w',
  width: 384,
  height: 384,
};

describe('ProfilePanel', () => {
  it('edits the profile with a live preview and saves it with the CSRF header', async () => {
    const { fetchMock, user } = setup({
      'PUT /api/admin/profile': (init) => ({ body: { ...saved, ...JSON.parse(String(init?.body)), updated_at: 'x' } }),
    });
    const name = await screen.findByLabelText(/^Name/);
    await replaceText(user, name, 'Sam Rivera');
    // The preview follows the form before anything is saved.
    const preview = getLabelled('region', 'Preview');
    expect(within(preview).getByRole('heading', { name: 'Sam Rivera' })).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'GitHub' })).toHaveAttribute('rel', expect.stringContaining('me'));

    await user.click(getNamed('button', 'Save profile'));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/profile')).toHaveLength(1));
    const [request] = callsTo(fetchMock, 'PUT', '/api/admin/profile');
    expect(request?.body).toMatchObject({
      name: 'Sam Rivera',
      interests: defaultProfile.interests,
      skills: defaultProfile.skills,
    });
    expect(requestsTo(fetchMock, 'PUT', '/api/admin/profile')[0]?.headers.get(CSRF_HEADER)).toBe('csrf-123');
  });

  it('refuses a link that is not a web address before sending, and shows the server’s field errors', async () => {
    const { fetchMock, user } = setup({
      'PUT /api/admin/profile': apiError(400, 'Invalid', { name: 'Name is taken by a ghost' }),
    });
    const address = await screen.findByLabelText('Link 1 address');
    await replaceText(user, address, 'javascript:alert(1)');
    await user.click(getNamed('button', 'Save profile'));
    expect(await screen.findByText('A full http:// or https:// address')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/admin/profile')).toHaveLength(0);

    await replaceText(user, address, 'https://github.com/sam');
    await user.click(getNamed('button', 'Save profile'));
    expect(await screen.findByText('Name is taken by a ghost')).toBeInTheDocument();
  });

  it('uploads a résumé as form data and shows it with its date', async () => {
    const uploaded: Profile = {
      ...saved,
      resume: { file_name: 'cv.pdf', size: 4096, uploaded_at: '2026-11-25T09:00:00Z', url: '/resume.pdf?v=1' },
    };
    const { fetchMock, user } = setup({ 'POST /api/admin/resume': { body: uploaded } });
    expect(await screen.findByText(/No résumé yet/)).toBeInTheDocument();
    const input = resumeFileInput();
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' })] } });
    await user.click(getNamed('button', 'Upload'));
    expect(await findNamed('link', 'cv.pdf')).toHaveAttribute('href', '/resume.pdf?v=1');
    expect(screen.getByText(/uploaded Nov 25, 2026/)).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'POST', '/api/admin/resume');
    expect(request?.form?.get('file')).toBeInstanceOf(File);
  });

  it('keeps unsaved edits when a résumé is uploaded meanwhile', async () => {
    const uploaded: Profile = {
      ...saved,
      resume: { file_name: 'cv.pdf', size: 4096, uploaded_at: '2026-11-25T09:00:00Z', url: '/resume.pdf?v=1' },
    };
    const { user } = setup({ 'POST /api/admin/resume': { body: uploaded } });
    const name = await screen.findByLabelText(/^Name/);
    await replaceText(user, name, 'Sam Rivera');
    const input = resumeFileInput();
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' })] } });
    await user.click(getNamed('button', 'Upload'));
    await findNamed('link', 'cv.pdf');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Sam Rivera');
    expect(getNamed('button', 'Undo changes')).toBeEnabled();
  });

  it('removes the résumé only after the question', async () => {
    const withResume: Profile = {
      ...saved,
      resume: { file_name: 'cv.pdf', size: 4096, uploaded_at: '2026-11-25T09:00:00Z', url: '/resume.pdf?v=1' },
    };
    setCookie('csrftoken', 'csrf-123');
    const fetchMock = mockFetch({
      'GET /api/profile': { body: withResume },
      'DELETE /api/admin/resume': { body: { success: true, message: 'Résumé removed' } },
    });
    const { user } = renderWithProviders(<ProfilePanel />, { route: '/admin?tab=profile' });
    await user.click(await findNamed('button', 'Remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the résumé' });
    expect(dialog).toHaveTextContent('Remove cv.pdf?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, 'DELETE', '/api/admin/resume')).toHaveLength(0);

    await user.click(getNamed('button', 'Remove'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove the résumé' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE', '/api/admin/resume')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  describe('the photo', () => {
    it('uploads an image as form data with the CSRF header, showing the loading state, then the photo', async () => {
      const fetchMock = mockFetch({
        'GET /api/profile': { body: saved },
        'PUT /api/admin/profile/avatar': { body: { ...saved, avatar } },
      });
      setCookie('csrftoken', 'csrf-123');
      const held = holdRequests(fetchMock, 'PUT', '/api/admin/profile/avatar');
      const { user } = renderWithProviders(<ProfilePanel />, { route: '/admin?tab=profile' });
      const card = await findLabelled('region', 'Photo');
      expect(within(card).getByText(/No photo yet/)).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Remove photo' })).toBeNull();
      expect(photoFileInput()).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');

      fireEvent.change(photoFileInput(), { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
      const send = getNamed('button', 'Upload photo', card);
      await user.click(send);
      await waitFor(() => expect(send).toHaveAttribute('data-loading', 'true'));
      held.release();

      const photo = await within(card).findByRole('img', { name: `${saved.name}’s photo` });
      expect(photo).toHaveAttribute('src', avatar.url);
      expect(photo).toHaveAttribute('srcset', avatar.srcset);
      const [request] = requestsTo(fetchMock, 'PUT', '/api/admin/profile/avatar');
      expect(request?.form?.get('file')).toBeInstanceOf(File);
      expect(request?.headers.get(CSRF_HEADER)).toBe('csrf-123');
    });

    it('refuses a file over 5 MB before sending, and shows the server’s refusal', async () => {
      const { fetchMock, user } = setup({
        'PUT /api/admin/profile/avatar': apiError(415, 'The photo must be a PNG, JPEG, WebP or GIF file'),
      });
      const card = await findLabelled('region', 'Photo');
      const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
      fireEvent.change(photoFileInput(), { target: { files: [big] } });
      await user.click(within(card).getByRole('button', { name: 'Upload photo' }));
      expect(await within(card).findByText('At most 5 MB')).toBeInTheDocument();
      expect(requestsTo(fetchMock, 'PUT', '/api/admin/profile/avatar')).toHaveLength(0);

      fireEvent.change(photoFileInput(), {
        target: { files: [new File(['<svg/>'], 'me.png', { type: 'image/png' })] },
      });
      await user.click(within(card).getByRole('button', { name: 'Upload photo' }));
      expect(await within(card).findByText('The photo must be a PNG, JPEG, WebP or GIF file')).toBeInTheDocument();
    });

    it('removes the photo only after the question', async () => {
      setCookie('csrftoken', 'csrf-123');
      const fetchMock = mockFetch({
        'GET /api/profile': { body: { ...saved, avatar } },
        'DELETE /api/admin/profile/avatar': { body: { success: true, message: 'Photo removed' } },
      });
      const { user } = renderWithProviders(<ProfilePanel />, { route: '/admin?tab=profile' });
      await user.click(await findNamed('button', 'Remove photo'));
      const dialog = await screen.findByRole('dialog', { name: 'Remove the photo' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(requestsTo(fetchMock, 'DELETE', '/api/admin/profile/avatar')).toHaveLength(0);

      await user.click(getNamed('button', 'Remove photo'));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Remove the photo' })).getByRole('button', { name: 'Remove' }),
      );
      await waitFor(() => expect(requestsTo(fetchMock, 'DELETE', '/api/admin/profile/avatar')).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  });
});
