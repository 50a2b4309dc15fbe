/**
 * Content collections (Astro content layer): the landers' copy that content
 * editors keep in `landers/{design}/{locale}.yaml` (issue 7). One collection
 * per design, each validated by its zod schema, so a missing or wrong field
 * fails the build naming the file and the field.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { landerContentSchemaFor } from './shared/landers/content-schema';
import { LANDER_DESIGNS, type LanderDesign } from './shared/landers/lander-slug';

const landerCollection = (design: LanderDesign) =>
  defineCollection({ loader: glob({ pattern: '*.yaml', base: `./landers/${design}` }), schema: landerContentSchemaFor(design) });

export const collections = Object.fromEntries(LANDER_DESIGNS.map((design) => [`landers-${design}`, landerCollection(design)]));
