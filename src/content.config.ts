/**
 * Content collections (Astro content layer), validated by zod at build so a
 * missing or wrong field fails `npm run build` naming the file and the field:
 * - `landers-{design}`: the landers' copy, `landers/{design}/{locale}.yaml`;
 * - `lander-copy-variants`: experiments' copy variants, `landers/{design}/copy-{name}/{locale}.yaml`;
 * - `markets`: each language's country and cities, `landers/markets.yaml`;
 * - `pages`: the static pages' text, `content/pages/{page}/{locale}.md` (docs/product.md §2 /pages/*).
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { landerContentSchemaFor, landerCopyVariantSchema } from '~/shared/landers/content-schema';
import { LANDER_DESIGNS, type LanderDesign } from '~/shared/landers/lander-slug';
import { marketSchema } from '~/shared/landers/market-schema';
import { staticPageSchema } from '~/shared/static-pages';

const landerCollection = (design: LanderDesign) =>
  defineCollection({
    loader: glob({ pattern: '*.yaml', base: `./landers/${design}` }),
    schema: landerContentSchemaFor(design),
  });

export const collections = {
  ...Object.fromEntries(LANDER_DESIGNS.map((design) => [`landers-${design}`, landerCollection(design)])),
  'lander-copy-variants': defineCollection({
    loader: glob({ pattern: '*/copy-*/*.yaml', base: './landers' }),
    schema: landerCopyVariantSchema,
  }),
  markets: defineCollection({ loader: file('./landers/markets.yaml'), schema: marketSchema }),
  pages: defineCollection({ loader: glob({ pattern: '*/*.md', base: './content/pages' }), schema: staticPageSchema }),
};
