// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#browser/call';
import { $toast } from '#browser/stores/toast';
import { renderHook } from '#support/render';
import { useForm } from './useForm';

const failed = { title: 'Kunne ikke lagre', message: 'Prøv igjen om litt.' };
const form = () => renderHook(() => useForm({ title: 'Kom i gang', isPremium: false }));

describe('useForm, as a dialog uses it', () => {
  it('changes one field at a time and keeps the others', async () => {
    const { current } = await form();
    await act(async () => current().bind('title').onChange('Neste steg'));
    await act(async () => current().flag('isPremium').onChange(true));
    expect(current().values).toEqual({ title: 'Neste steg', isPremium: true });
  });

  it('shows the schema’s errors beside their fields without sending', async () => {
    const { current } = await form();
    const onSaved = vi.fn();
    await act(() => current().submit({ title: 'Skriv en tittel' }, { onSaved, failed }));
    expect(current().bind('title').error).toBe('Skriv en tittel');
    expect(current().busy).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('is busy while it saves and hands over what the server answered', async () => {
    const { current } = await form();
    let answer!: (value: { id: string }) => void;
    const onSaved = vi.fn();
    let saving!: Promise<void>;
    await act(async () => {
      saving = current().submit(new Promise<{ id: string }>((resolve) => (answer = resolve)), { onSaved, failed });
    });
    expect(current().busy).toBe(true);
    await act(async () => {
      answer({ id: 'm1' });
      await saving;
    });
    expect(onSaved).toHaveBeenCalledWith({ id: 'm1' });
  });

  it('shows the server’s reason for a refusal in the form, and a conflict beside its field', async () => {
    const { current } = await form();
    await act(() =>
      current().submit(Promise.reject(new ApiError(400, 'invalid', 'Tittelen er for lang.')), { onSaved: vi.fn(), failed }),
    );
    expect(current().errors).toEqual({ form: 'Tittelen er for lang.' });
    expect(current().busy).toBe(false);
    expect($toast.get()).toMatchObject({ title: failed.title, variant: 'destructive' });

    const conflict = new ApiError(409, 'conflict', 'Finnes allerede.');
    await act(() => current().submit(Promise.reject(conflict), { onSaved: vi.fn(), failed, conflictField: 'title' }));
    expect(current().bind('title').error).toBe('Finnes allerede.');
  });

  it('says only its own message for a server fault, never the server’s', async () => {
    const { current } = await form();
    await act(() => current().submit(Promise.reject(new ApiError(500, 'internal', 'stack trace')), { onSaved: vi.fn(), failed }));
    expect(current().errors).toEqual({ form: failed.message });
  });
});
