import { LANDER_DESIGNS, type LanderDesign } from '~/shared/landers/lander-slug';

/**
 * The lander design components, found by their place
 * `src/landers/{design}/{Name}Lander.astro` (one folder per design).
 * @throws Error naming a design of LANDER_DESIGNS without its component (the build stops).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LanderComponent = (props: any) => any;
const modules = import.meta.glob<{ default: LanderComponent }>('./*/*Lander.astro', { eager: true });
const byFolder = new Map(Object.entries(modules).map(([file, module]) => [file.split('/')[1], module.default]));

export const LANDER_COMPONENTS = Object.fromEntries(
  LANDER_DESIGNS.map((design) => {
    const component = byFolder.get(design);
    if (!component) throw new Error(`lander design "${design}" has no src/landers/${design}/*Lander.astro`);
    return [design, component];
  }),
) as Record<LanderDesign, LanderComponent>;
