import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteConfig } from '../../config/site';
import { renderWithProviders } from '../../test/render';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('renders the site config: notice with a mailto link, stack, date, skills and the two buttons', () => {
    renderWithProviders(<HomePage />);

    expect(screen.getByText(siteConfig.notice.title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: siteConfig.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.contactEmail}`,
    );
    expect(screen.getByText('React 19 with Mantine')).toBeInTheDocument();
    expect(screen.getByText(`Last updated: ${siteConfig.lastUpdated}`)).toBeInTheDocument();
    expect(screen.getByText('TypeScript')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Tech stack',
      'Professional interests',
      'Skills',
      'About me',
    ]);
    expect(screen.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    const resume = screen.getByRole('link', { name: 'Download Resume' });
    expect(resume).toHaveAttribute('href', '/resume.pdf');
    expect(resume).toHaveAttribute('download');
  });
});
