import type { SeedModule } from '#db/seed/types';
import { automationModule } from './automation';
import { buildModule } from './build';
import { marketingModule } from './marketing';
import { mindsetModule } from './mindset';
import { nicheModule } from './niche';
import { salesModule } from './sales';
import { scaleModule } from './scale';

export const seedModules: SeedModule[] = [
  mindsetModule,
  nicheModule,
  buildModule,
  marketingModule,
  salesModule,
  automationModule,
  scaleModule,
];

export { defaultCampaign } from './campaign';
export { welcomeSeed } from './welcome';
