// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveTable, type TableColumn } from './ResponsiveTable.tsx';

interface Person {
  id: number;
  email: string;
  plan: string;
}

const COLUMNS: TableColumn<Person>[] = [
  { header: 'User', cell: (person) => person.email },
  { header: 'Plan', cell: (person) => person.plan },
  { header: 'Actions', headerHidden: true, cell: (person) => <button type="button">Edit {person.email}</button> },
];

describe('ResponsiveTable', () => {
  it("labels every cell with its column's header, so a row read as a card says what each value is", () => {
    render(
      <ResponsiveTable
        label="Users"
        columns={COLUMNS}
        rows={[{ id: 1, email: 'ada@example.org', plan: 'starter' }]}
        rowKey={(person) => person.id}
        rowLabel={(person) => person.email}
      />,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['User', 'Plan', 'Actions']);
    const row = within(table).getByRole('row', { name: 'ada@example.org' });
    // The actions name themselves: no label before the button on a card.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['User', 'Plan', null]);
    // jsdom lays nothing out, so nothing scrolls: no extra tab stop.
    expect(screen.queryByRole('region')).toBeNull();
  });
});
