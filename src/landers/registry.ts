import type { LanderDesign } from '../shared/landers/lander-slug';
import { isLanderDesign } from '../shared/landers/lander-slug';

/**
 * The lander design components, found by their place
 * `src/landers/{design}/{Name}Lander.astro` (one folder per design).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LanderComponent = (props: any) => any;
const modules = import.meta.glob<{ default: LanderComponent }>('./*/*Lander.astro', { eager: true });

export const LANDER_COMPONENTS: Partial<Record<LanderDesign, LanderComponent>> = Object.fromEntries(
  Object.entries(modules)
    .map(([file, module]) => [file.split('/')[1], module.default] as const)
    .filter(([design]) => isLanderDesign(design)),
);
