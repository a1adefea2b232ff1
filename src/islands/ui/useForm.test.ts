import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from './Field';
import { TextField } from './TextField';
import { useForm } from './useForm';

/** A form as the admin dialogs write one: text fields from `bind`, a checkbox from `flag`. */
function Form({ initial }: { initial: () => { title: string; order: string; isPremium: boolean } }) {
  const form = useForm(initial);
  return createElement(
    'form',
    null,
    createElement(TextField, { label: 'Tittel', ...form.bind('title') }),
    createElement(TextField, { label: 'Rekkefølge', ...form.bind('order') }),
    createElement(CheckboxField, { label: 'Premium', ...form.flag('isPremium') }),
    createElement('output', null, form.busy ? 'lagrer' : 'klar'),
  );
}

const render = (initial: { title: string; order: string; isPremium: boolean }) =>
  renderToStaticMarkup(createElement(Form, { initial: () => initial }));

describe('useForm', () => {
  it('starts from the initial values, each field bound to its own, with no errors and not busy', () => {
    const page = render({ title: 'Kom i gang', order: '3', isPremium: true });
    expect(page).toContain('value="Kom i gang"');
    expect(page).toContain('value="3"');
    expect(page).toMatch(/type="checkbox"[^>]*checked=""/);
    expect(page).not.toContain('role="alert"');
    expect(page).toContain('<output>klar</output>');
  });

  it('leaves a flag that is off unchecked', () => {
    expect(render({ title: '', order: '1', isPremium: false })).not.toMatch(/checked=""/);
  });
});
