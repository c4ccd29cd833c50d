// @vitest-environment happy-dom
// The chip picker offers only what is not chosen yet: a picked option leaves the list at once, not
// only when the next search (which excludes it) answers.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChipPicker, type Chip } from './chip-picker';

const ITEMS: Chip[] = [{ id: 1, label: 'Ocean freight' }, { id: 2, label: 'Rail' }, { id: 3, label: 'Air cargo' }];

afterEach(cleanup);

function Harness({ search }: { search: (text: string) => Promise<Chip[]> }) {
  const [selected, setSelected] = useState<Chip[]>([]);
  return <ChipPicker label="Content" selected={selected} onChange={setSelected} search={search} />;
}

describe('chip picker', () => {
  it('drops a picked option from the list before the next search answers, and lists the chip', async () => {
    let answer: (chips: Chip[]) => void = () => {};
    let calls = 0;
    const search = () => {
      calls += 1;
      // The first search answers at once; the one after a pick stays pending (a slow API).
      return calls === 1 ? Promise.resolve(ITEMS) : new Promise<Chip[]>((r) => { answer = r; });
    };
    render(<Harness search={search} />);
    await act(async () => { fireEvent.focus(screen.getByRole('combobox', { name: 'Content' })); });
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ocean freight', 'Rail', 'Air cargo']);
    await act(async () => { fireEvent.mouseDown(screen.getByRole('option', { name: 'Ocean freight' })); });
    // The next search starts on a 0 ms timer set by the pick: this timer, set after it, runs after it.
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(calls).toBe(2);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Rail', 'Air cargo']);
    expect(screen.getByRole('list', { name: 'Selected content' }).textContent).toContain('Ocean freight');
    await act(async () => { answer(ITEMS); });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Rail', 'Air cargo']);
  });
});
