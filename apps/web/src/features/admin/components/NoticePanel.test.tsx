import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { NoticePanel } from './NoticePanel';

describe('NoticePanel', () => {
  it('shows the owner’s address it is given in its hint and as the preview’s {email} link', async () => {
    setCookie('csrftoken', 'csrf-123');
    mockFetch({
      'GET /api/site/notice': {
        body: {
          notice: {
            title: 'Back on Monday',
            paragraphs: ['Write to {email} meanwhile.'],
            updated_at: '2026-11-24T21:00:00.000Z',
          },
        },
      },
    });
    renderWithProviders(<NoticePanel email="robin@example.org" />);
    const form = await screen.findByRole('form', { name: 'Site notice' });
    expect(within(form).getByText(/the owner’s address \(robin@example\.org\) should appear/)).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'robin@example.org' });
    expect(link).toHaveAttribute('href', 'mailto:robin@example.org');
    expect(screen.queryByText('hello@example.com')).not.toBeInTheDocument();
  });
});
