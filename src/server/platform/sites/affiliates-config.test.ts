import { describe, expect, it } from 'vitest';
import { affiliatesConfigSchema } from './affiliates-config';

const network = (url: string) => ({ networks: { adnet: { postback: { url, events: ['signup'] } } } });
const messages = (input: unknown) =>
  affiliatesConfigSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('affiliates config (docs/product.md §12)', () => {
  it('accepts a template of known macros and fills in the defaults', () => {
    const parsed = affiliatesConfigSchema.parse(network('https://t.example/pb?cid={click_id}&e={event}&p={payout}'));
    expect(parsed.networks.adnet!.postback).toEqual({
      url: 'https://t.example/pb?cid={click_id}&e={event}&p={payout}',
      method: 'GET',
      events: ['signup'],
      payout_cents: {},
      payout_currency: 'EUR',
    });
    expect(parsed.experiments).toEqual([]);
  });

  it('refuses a template that would send personal data, or any unknown macro, at start', () => {
    for (const macro of ['email', 'name', 'ip', 'Click_ID', '']) {
      const found = messages(network(`https://t.example/pb?x={${macro}}`));
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(`unknown macro {${macro}}`);
      expect(found[0]).toContain('personal data');
    }
  });

  it('refuses a template that is no absolute http(s) URL', () => {
    expect(messages(network('ftp://t.example/pb'))).not.toEqual([]);
    expect(messages(network('/relative?cid={click_id}'))).not.toEqual([]);
  });

  it('checks experiments: two variants or more, distinct ids and names, known designs, end after start', () => {
    const experiment = {
      name: 'spring',
      variants: [
        { id: 'a', design: 'video', weight: 1 },
        { id: 'b', design: 'gallery', weight: 2 },
      ],
      start: '2026-11-01T00:00:00Z',
    };
    expect(messages({ experiments: [experiment] })).toEqual([]);
    expect(messages({ experiments: [{ ...experiment, variants: experiment.variants.slice(0, 1) }] })).not.toEqual([]);
    expect(
      messages({ experiments: [{ ...experiment, variants: [experiment.variants[0], experiment.variants[0]] }] }),
    ).toContain('variant ids must differ');
    expect(messages({ experiments: [experiment, experiment] })).toContain('experiment names must differ');
    expect(
      messages({
        experiments: [{ ...experiment, variants: [{ id: 'x', design: 'nosuch', weight: 1 }, experiment.variants[1]] }],
      }),
    ).not.toEqual([]);
    expect(messages({ experiments: [{ ...experiment, end: '2026-10-01T00:00:00Z' }] })).toContain(
      'end must be after start',
    );
  });
});
