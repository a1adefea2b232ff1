import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ListEditor, type BoundField } from './ListEditor';

type Item = { title: string; url?: string };
type Props = Parameters<typeof ListEditor<Item>>[0];

const ITEMS: Item[] = [
  { title: 'Mal', url: 'https://a.no' },
  { title: 'Sjekkliste', url: '' },
];

function props(change: Partial<Props> = {}): Props {
  return {
    legend: 'Ressurser',
    items: ITEMS,
    onChange: () => {},
    blank: () => ({ title: '', url: '' }),
    itemLegend: (n) => `Ressurs ${n}`,
    removeLabel: (n) => `Fjern ressurs ${n}`,
    addLabel: 'Legg til ressurs',
    emptyText: 'Ingen ressurser ennå.',
    path: 'resources',
    errors: null,
    renderItem: (field) => createElement('span', null, field('title').value),
    ...change,
  };
}

/** Every button in the rendered tree (ListEditor and IconButton hold no state, so they can be called as functions). */
function buttons(node: ReactNode): { label: string; onClick: () => void }[] {
  if (Array.isArray(node)) return node.flatMap(buttons);
  if (!isValidElement(node)) return [];
  const el = node as ReactElement<{ children?: ReactNode; onClick?: () => void; label?: string; 'aria-label'?: string }>;
  if (typeof el.type === 'function') return buttons((el.type as (p: unknown) => ReactNode)(el.props));
  const own = el.props.onClick ? [{ label: el.props['aria-label'] ?? String(el.props.children), onClick: el.props.onClick }] : [];
  return [...own, ...buttons(el.props.children)];
}

const html = (p: Props) => renderToStaticMarkup(createElement(ListEditor<Item>, p));

describe('ListEditor', () => {
  it('shows each row as a fieldset named by its number, with its fields and a remove button', () => {
    const page = html(props());
    expect(page).toContain('<legend class="mb-2 text-sm font-semibold">Ressurser</legend>');
    expect(page).toContain('<legend class="sr-only">Ressurs 1</legend>');
    expect(page).toContain('<span>Sjekkliste</span>');
    expect(page).toContain('aria-label="Fjern ressurs 2"');
    expect(page).not.toContain('Ingen ressurser ennå.');
  });

  it('says so when the list is empty', () => {
    expect(html(props({ items: [] }))).toContain('Ingen ressurser ennå.');
  });

  it('binds each row’s field to its value and its error at path.row.key, and shows the list’s own error', () => {
    const bound: BoundField[] = [];
    const errors = { 'resources.1.url': 'Ugyldig lenke', resources: 'For mange ressurser' };
    const page = html(props({ errors, renderItem: (field) => (bound.push(field('url')), null) }));
    expect(bound.map((b) => [b.value, b.error])).toEqual([
      ['https://a.no', undefined],
      ['', 'Ugyldig lenke'],
    ]);
    expect(page).toContain('For mange ressurser');
  });

  it('changes one field of one row', () => {
    const onChange = vi.fn();
    const bound: BoundField[] = [];
    html(props({ onChange, renderItem: (field) => (bound.push(field('title')), null) }));
    bound[1]!.onChange('Ny tittel');
    expect(onChange).toHaveBeenCalledExactlyOnceWith([ITEMS[0], { title: 'Ny tittel', url: '' }]);
  });

  it('removes the row whose button is pressed, and adds a blank row at the end', () => {
    const onChange = vi.fn();
    const all = buttons(ListEditor<Item>(props({ onChange })));
    all.find((b) => b.label === 'Fjern ressurs 1')!.onClick();
    expect(onChange).toHaveBeenLastCalledWith([ITEMS[1]]);
    all.find((b) => b.label.includes('Legg til ressurs'))!.onClick();
    expect(onChange).toHaveBeenLastCalledWith([...ITEMS, { title: '', url: '' }]);
  });
});
