/* The admin forms' messages name the field that is wrong, in the words the form uses. */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_DRAFT, campaignInputSchema } from '#shared/schemas/admin/campaigns';
import { modulePatchSchema } from '#shared/schemas/admin/content';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('admin form messages', () => {
  it('a testimonial without a name or a quote says which is missing', () => {
    const testimonials = [{ name: '', role: '', text: '' }];
    expect(messages(campaignInputSchema.safeParse({ ...CAMPAIGN_DRAFT, testimonials }))).toEqual([
      'Skriv inn navnet på kunden som anbefaler',
      'Skriv inn hva kunden sier',
    ]);
  });

  it('a module icon takes one emoji, composed ones included, and refuses a word', () => {
    expect(modulePatchSchema.safeParse({ icon: '👩‍💻' }).success).toBe(true);
    expect(messages(modulePatchSchema.safeParse({ icon: 'rakett-ikonet-mitt' }))).toEqual(['Ikonet kan være én emoji']);
  });
});
