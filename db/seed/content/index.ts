import type { SeedModule } from '#db/seed/types';
import { buildModule } from './build';
import { mindsetModule } from './mindset';
import { moreModules } from './more-modules';
import { nicheModule } from './niche';

export const seedModules: SeedModule[] = [mindsetModule, nicheModule, buildModule, ...moreModules];

export { defaultCampaign } from './campaign';
export { welcomeSeed } from './welcome';
