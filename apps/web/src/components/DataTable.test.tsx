import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { type DataColumn, DataTable } from './DataTable';
import { RowActions } from './RowActions';

interface Fruit {
  name: string;
  count: number;
}

const columns = (onEat: (fruit: Fruit) => void): DataColumn<Fruit>[] => [
  { header: 'Fruit', cell: (fruit) => fruit.name, td: (fruit) => ({ title: `A ${fruit.name}` }) },
  { header: 'Count', align: 'right', noWrap: true, cell: (fruit) => fruit.count },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (fruit) => (
      <RowActions
        actions={[
          { label: 'Eat', ariaLabel: `Eat the ${fruit.name}`, icon: null, onClick: () => onEat(fruit) },
          { label: 'Read', ariaLabel: `Read about the ${fruit.name}`, icon: null, to: `/fruit/${fruit.name}` },
        ]}
      />
    ),
  },
];

const fruits: Fruit[] = [
  { name: 'apple', count: 3 },
  { name: 'pear', count: 12 },
];

describe('DataTable', () => {
  it('draws a header row and a row per item, numbers right-aligned, with each row’s actions', async () => {
    const onEat = vi.fn();
    const { user } = renderWithProviders(
      <DataTable label="Fruit" columns={columns(onEat)} rows={fruits} rowKey={(fruit) => fruit.name} empty="None" />,
    );
    const table = screen.getByRole('table', { name: 'Fruit' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['FruitCountActions', 'apple3EatRead', 'pear12EatRead']);
    expect(within(table).getByRole('columnheader', { name: 'Count' })).toHaveStyle({ textAlign: 'right' });
    const pear = within(rows[2] as HTMLElement).getAllByRole('cell');
    expect(pear[0]).toHaveAttribute('title', 'A pear');
    expect(pear[1]).toHaveStyle({ textAlign: 'right', whiteSpace: 'nowrap' });

    await user.click(screen.getByRole('button', { name: 'Eat the pear' }));
    expect(onEat).toHaveBeenCalledWith(fruits[1]);
    expect(screen.getByRole('link', { name: 'Read about the apple' })).toHaveAttribute('href', '/fruit/apple');
  });

  it('shows one row with the empty message when there are no items, and no footer', () => {
    renderWithProviders(
      <DataTable
        label="Fruit"
        columns={columns(() => {})}
        rows={[]}
        rowKey={(fruit) => fruit.name}
        empty="No fruit yet."
        footer={
          <tr>
            <td>Total</td>
          </tr>
        }
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Fruit' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['FruitCountActions', 'No fruit yet.']);
    expect(within(rows[1] as HTMLElement).getByRole('cell')).toHaveAttribute('colspan', '3');
  });

  it('scrolls a long table in a focusable box named after it', () => {
    renderWithProviders(
      <DataTable
        label="Fruit"
        columns={columns(() => {})}
        rows={fruits}
        rowKey={(fruit) => fruit.name}
        maxHeight={200}
      />,
    );
    const box = screen.getByRole('group', { name: 'Fruit, scrollable' });
    expect(within(box).getByRole('table', { name: 'Fruit' })).toBeInTheDocument();
  });
});
