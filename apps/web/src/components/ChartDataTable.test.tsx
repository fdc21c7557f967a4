import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ChartDataTable } from './ChartDataTable';

const rows = (n: number) => Array.from({ length: n }, (_, i) => [`Day ${i + 1}`, `$${i + 1}.00`]);

describe('ChartDataTable', () => {
  it('shows the plotted points on demand and hides them again', async () => {
    const { user } = renderWithProviders(<ChartDataTable caption="Value" columns={['Day', 'Value']} rows={rows(3)} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show data as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const table = screen.getByRole('table', { name: 'Value · 3 points' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayValue', 'Day 1$1.00', 'Day 2$2.00', 'Day 3$3.00']);
    expect(within(table).getByRole('rowheader', { name: 'Day 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide data table' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists only the first and last rows of a long series, with the count', async () => {
    const { user } = renderWithProviders(
      <ChartDataTable caption="Value" columns={['Day', 'Value']} rows={rows(50)} edge={3} unit="days" />,
    );
    await user.click(screen.getByRole('button', { name: 'Show data as a table' }));
    const table = screen.getByRole('table', { name: 'Value · first and last 3 of 50 days' });
    const texts = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(texts).toEqual([
      'Day 1$1.00',
      'Day 2$2.00',
      'Day 3$3.00',
      '… 44 more days …',
      'Day 48$48.00',
      'Day 49$49.00',
      'Day 50$50.00',
    ]);
  });
});
