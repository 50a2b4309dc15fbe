import { z } from 'zod';
import { LANDER_DESIGNS } from '~/shared/landers/lander-slug';

/**
 * A site's affiliate settings (site config `affiliates`, docs/product.md §12): the networks it
 * tells about conversions (postbacks) and its lander experiments (A/B tests).
 */

/** The conversions a network can be told about (docs/product.md §12 Events). */
export const CONVERSION_EVENTS = ['signup', 'activation', 'sale', 'rebill', 'refund', 'chargeback'] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

/** The macros a postback URL template may use; `{event_id}` is our idempotency key for the network. */
export const POSTBACK_MACROS = [
  'click_id',
  'network',
  'ref',
  'sub1',
  'sub2',
  'sub3',
  'event',
  'event_id',
  'transaction_id',
  'amount',
  'currency',
  'payout',
  'country',
  'lander',
  'variant',
] as const;
export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

/** Every `{name}` in a template. */
export function macrosIn(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
}

const postbackUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .superRefine((template, check) => {
    for (const macro of macrosIn(template)) {
      if ((POSTBACK_MACROS as readonly string[]).includes(macro)) continue;
      // Personal data never leaves for a network: e-mail, name, IP address and the like are no macros.
      check.addIssue({
        code: 'custom',
        message: `unknown macro {${macro}} (postbacks carry no personal data such as e-mail or name); allowed: ${POSTBACK_MACROS.map((m) => `{${m}}`).join(' ')}`,
      });
    }
  });

const networkSchema = z.strictObject({
  postback: z.strictObject({
    url: postbackUrl,
    method: z.enum(['GET', 'POST']).default('GET'),
    /** The events this network wants; others are not sent to it. */
    events: z.array(z.enum(CONVERSION_EVENTS)).min(1),
    /** What the network is paid per event, in cents of `payout_currency` (`{payout}`). */
    payout_cents: z.partialRecord(z.enum(CONVERSION_EVENTS), z.number().int().min(0).max(10_000_000)).default({}),
    payout_currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('EUR'),
  }),
});

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'lowercase letters, digits and -' });

const experimentSchema = z
  .strictObject({
    name: slug,
    /**
     * The variants under test: a lander design each, with its own copy or a copy variant
     * (`landers/{design}/copy-{copy}/{locale}.yaml`), shown to `weight` parts of the visitors.
     */
    variants: z
      .array(
        z.strictObject({
          id: slug,
          design: z.enum(LANDER_DESIGNS),
          copy: slug.optional(),
          weight: z.number().int().min(1).max(1000),
        }),
      )
      .min(2),
    /** When it runs (ISO 8601); outside this window its designs' entry links are not split. */
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }).optional(),
  })
  .refine(
    (experiment) => new Set(experiment.variants.map((variant) => variant.id)).size === experiment.variants.length,
    {
      error: 'variant ids must differ',
    },
  )
  .refine((experiment) => !experiment.end || Date.parse(experiment.end) > Date.parse(experiment.start), {
    error: 'end must be after start',
  });

export const affiliatesConfigSchema = z
  .strictObject({
    /** Keyed by the tracking record's `network` value (the `network` query parameter of the lander link). */
    networks: z.record(slug, networkSchema).default({}),
    experiments: z.array(experimentSchema).default([]),
  })
  .refine(
    (config) => new Set(config.experiments.map((experiment) => experiment.name)).size === config.experiments.length,
    {
      error: 'experiment names must differ',
    },
  );

export type AffiliatesConfig = z.infer<typeof affiliatesConfigSchema>;
export type Experiment = AffiliatesConfig['experiments'][number];
