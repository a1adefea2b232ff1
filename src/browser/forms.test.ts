import { describe, expect, it, vi } from 'vitest';
import { adminUserUpdateSchema } from '#shared/schemas/admin/users';
import { lessonPatchSchema, moduleCreateSchema, modulePatchSchema } from '#shared/schemas/admin/content';
import { campaignInputSchema, CAMPAIGN_DRAFT } from '#shared/schemas/admin/campaigns';
import { binder, check, createOrPatch, numberOrEmpty } from './forms';

describe('check: the shared schema’s messages by field', () => {
  it('gives each invalid field the Norwegian message the server would answer with', () => {
    const { data, errors } = check(adminUserUpdateSchema, { email: 'ikke-en-adresse', phone: 'ring meg', depthLevel: 'guru' });
    expect(data).toBeNull();
    expect(errors).toEqual({
      email: 'Ugyldig epostadresse',
      phone: expect.stringMatching(/Ugyldig telefonnummer/),
      depthLevel: expect.stringMatching(/Velg et gyldig nivå/),
    });
  });

  it('names nested fields by their path, and a problem of the whole form as form', () => {
    const nested = check(campaignInputSchema, {
      ...CAMPAIGN_DRAFT,
      pricing: { ...CAMPAIGN_DRAFT.pricing, original: Number.NaN },
    });
    expect(Object.keys(nested.errors ?? {})).toEqual(['pricing.original']);
    expect(check(modulePatchSchema, {}).errors).toEqual({ form: 'Ingen endringer å lagre' });
  });

  it('answers the parsed data when the values are valid', () => {
    expect(check(adminUserUpdateSchema, { firstName: ' Kari ' })).toEqual({ data: { firstName: 'Kari' }, errors: null });
  });
});

describe('binder: a field bound to the form', () => {
  const values = { title: 'Hei', order: '3', isPremium: false };

  it('gives the value and the error at the field’s own path, or the path it names', () => {
    const bind = binder(values, { title: 'Tittel må fylles ut', 'pricing.order': 'Ugyldig' }, () => {});
    expect(bind('title')).toMatchObject({ value: 'Hei', error: 'Tittel må fylles ut' });
    expect(bind('order')).toMatchObject({ value: '3', error: undefined });
    expect(bind('order', 'pricing.order').error).toBe('Ugyldig');
    expect(binder(values, null, () => {})('title').error).toBeUndefined();
  });

  it('sets that field and no other when it changes', () => {
    const setField = vi.fn();
    binder(values, null, setField)('order').onChange('4');
    expect(setField).toHaveBeenCalledExactlyOnceWith('order', '4');
  });
});

describe('createOrPatch', () => {
  const send = () => Promise.resolve('sent');

  it('checks a new record against the create schema and sends it', async () => {
    const sent = vi.fn(send);
    const result = createOrPatch(
      null,
      { schema: moduleCreateSchema, values: { title: 'Ny modul', order: numberOrEmpty('2', undefined) }, send: sent },
      { schema: modulePatchSchema, values: {}, send },
    );
    expect(await result).toBe('sent');
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ny modul', order: 2 }));
  });

  it('sends only the changed fields of an existing record, and nothing when none changed', async () => {
    const current = { title: 'Gammel', duration: 5, resources: [{ title: 'A', url: 'https://a.no' }] };
    const sent = vi.fn(send);
    const patch = (values: object) =>
      createOrPatch(current, { schema: moduleCreateSchema, values, send }, { schema: lessonPatchSchema, values, send: sent });
    expect(patch({ ...current })).toBeNull();
    await patch({ ...current, duration: numberOrEmpty('7', null) });
    expect(sent).toHaveBeenCalledExactlyOnceWith({ duration: 7 });
  });

  it('answers the field errors instead of sending', () => {
    const sent = vi.fn(send);
    const result = createOrPatch(
      { title: 'Gammel' },
      { schema: moduleCreateSchema, values: {}, send },
      { schema: lessonPatchSchema, values: { title: 'Gammel', duration: numberOrEmpty('x', null) }, send: sent },
    );
    expect(result).toEqual({ duration: expect.any(String) });
    expect(sent).not.toHaveBeenCalled();
  });
});
