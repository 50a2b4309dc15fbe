import { z } from 'zod';
import { NICHE_PREFIX } from '../constants';

/**
 * What a content editor writes for one lander design in one locale
 * (`landers/{design}/{locale}.yaml`). Every design uses the common
 * fields; some designs need their own section (see LANDER_SECTIONS). Copy may
 * use `{{site}}` for the site name. `niches` overrides the common copy for a
 * niche, keyed by its slug prefix (she, bdsm, bbw, gilf, milf, gay).
 */
const line = (max: number) => z.string().trim().min(1).max(max);

const copySchema = z.strictObject({
  /** The page's <title> (search results, tab). */
  title: line(70),
  /** The meta description. */
  description: line(160),
  headline: line(90),
  subheadline: line(200),
  /** The call to action on the button into signup. */
  cta: line(40),
  /** A short reassurance under the button ("Free signup · discreet"). */
  trust: line(100),
});

const testimonialSchema = z.strictObject({
  quote: line(220),
  name: line(30),
  age: z.number().int().min(18).max(99),
  city: line(40),
});

const nicheKeys = Object.values(NICHE_PREFIX).filter(Boolean) as [string, ...string[]];

/** Sections only some designs have. */
export const sectionSchemas = {
  /** alonetonight: the pre-lander's questions; the last answer leads into signup. */
  questions: z
    .array(
      z.strictObject({
        question: line(80),
        answers: z
          .array(z.strictObject({ label: line(30), value: z.enum(['yes', 'no', 'male', 'female', 'any']) }))
          .min(2)
          .max(3),
      }),
    )
    .min(2)
    .max(3),
  /** iconslanding: the benefits shown as large icons. */
  benefits: z
    .array(
      z.strictObject({
        icon: z.enum(['private', 'free', 'nearby', 'verified', 'chat', 'heart']),
        title: line(40),
        text: line(140),
      }),
    )
    .min(3)
    .max(4),
  /** socialnetwork: the feed's member posts. */
  posts: z
    .array(
      z.strictObject({
        text: line(200),
        likes: z.number().int().min(0).max(9999),
        comments: z.number().int().min(0).max(999),
      }),
    )
    .min(3)
    .max(6),
  /** gallery, maplanding, collagelanding, transitionsvideolanding: the label on member cards or pins ("Online now"). */
  online_label: line(30),
} as const;

/** Which design needs which extra section. */
export const LANDER_SECTIONS = {
  video: [],
  gallery: ['online_label'],
  maplanding: ['online_label'],
  alonetonight: ['questions'],
  iconslanding: ['benefits'],
  socialnetwork: ['posts'],
  collagelanding: ['online_label'],
  transitionsvideolanding: ['online_label'],
} as const satisfies Record<string, readonly (keyof typeof sectionSchemas)[]>;

/**
 * A copy variant of a lander (`landers/{design}/copy-{name}/{locale}.yaml`, docs/product.md §12):
 * the texts it changes; every other field is the design's own copy for that locale.
 */
export const landerCopyVariantSchema = copySchema.partial();
export type LanderCopyVariant = z.infer<typeof landerCopyVariantSchema>;

/** One content file (all fields; the design's sections are checked by landerContentIssues). */
export const landerContentSchema = copySchema.extend({
  testimonials: z.array(testimonialSchema).max(3).default([]),
  questions: sectionSchemas.questions.optional(),
  benefits: sectionSchemas.benefits.optional(),
  posts: sectionSchemas.posts.optional(),
  online_label: sectionSchemas.online_label.optional(),
  niches: z.partialRecord(z.enum(nicheKeys), copySchema.partial()).default({}),
});
export type LanderContent = z.infer<typeof landerContentSchema>;

/**
 * The schema of `landers/{design}/{locale}.yaml`: the common fields plus the
 * sections this design needs (a missing section is reported at its field).
 */
export function landerContentSchemaFor(design: keyof typeof LANDER_SECTIONS) {
  return landerContentSchema.superRefine((content, ctx) => {
    for (const section of LANDER_SECTIONS[design]) {
      if (content[section] === undefined)
        ctx.addIssue({ code: 'custom', path: [section], message: `"${section}" is required for the ${design} lander` });
    }
  });
}
