import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { weatherAlert } from '../test-fixtures';
import { ALERTS_NOT_COVERED, ALERTS_UNAVAILABLE, WeatherAlerts } from './WeatherAlerts';

describe('WeatherAlerts', () => {
  it('shows a banner per alert with its severity, headline, area and times, and the full text on expand by keyboard', async () => {
    const { user } = renderWithProviders(
      <WeatherAlerts
        alerts={[weatherAlert(), weatherAlert({ id: 'b', severity: 'Minor', event: 'Frost Advisory', headline: null })]}
        status="ok"
        timeZone="America/Denver"
        timeFormat="12h"
      />,
    );
    const severe = screen.getByRole('alert', { name: /^Winter Storm Warning issued November 21/ });
    expect(severe).toHaveAttribute('data-severity', 'Severe');
    expect(within(severe).getByText(/Winter Storm Warning issued November 21/)).toBeInTheDocument();
    expect(within(severe).getByText('Denver; Boulder')).toBeInTheDocument();
    expect(
      within(severe).getByText('From Sat, Nov 21, 6:00 PM MST until Sun, Nov 22, 6:00 PM MST'),
    ).toBeInTheDocument();
    // Without a headline, the event names the banner.
    const minor = screen.getByRole('alert', { name: 'Frost Advisory' });
    expect(minor).toHaveAttribute('data-severity', 'Minor');

    expect(within(severe).queryByText(/Heavy snow expected/)).not.toBeVisible();
    const toggle = within(severe).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(within(severe).getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(severe).getByText(/Heavy snow expected/)).toBeVisible());
    expect(within(severe).getByText('* WHERE...Denver and Boulder.')).toBeInTheDocument();
    expect(within(severe).getByText(/keep an extra flashlight/)).toBeInTheDocument();
    expect(within(severe).getByText(/Issued by NWS Boulder CO/)).toBeInTheDocument();
    await user.keyboard(' ');
    expect(within(severe).getByRole('button', { name: 'Show details' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says quietly that alerts are not available outside their coverage', () => {
    renderWithProviders(<WeatherAlerts alerts={[]} status="not-covered" timeZone="Europe/Paris" timeFormat="24h" />);
    expect(screen.getByRole('status')).toHaveTextContent(ALERTS_NOT_COVERED);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when alerts could not be loaded, rather than showing none', () => {
    renderWithProviders(<WeatherAlerts alerts={[]} status="unavailable" timeZone="America/Denver" timeFormat="12h" />);
    expect(screen.getByRole('status')).toHaveTextContent(ALERTS_UNAVAILABLE);
  });

  it('shows nothing when the source answered with no alerts', () => {
    const { container } = renderWithProviders(
      <WeatherAlerts alerts={[]} status="ok" timeZone="America/Denver" timeFormat="12h" />,
    );
    expect(within(container).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(container).queryByRole('status')).not.toBeInTheDocument();
  });
});
