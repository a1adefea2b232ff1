import {
  Award,
  Banknote,
  BadgeCheck,
  FileQuestionMark,
  ChartColumn,
  Check,
  CodeXml,
  Hourglass,
  Megaphone,
  MessageCircle,
  Target,
  TrendingUp,
  Workflow,
  Wrench,
} from 'lucide';

/**
 * The icons the pages draw, by the name the copy gives them (src/shared/copy). Lucide's icon
 * nodes become inline SVG at build time (Icon.astro): no icon font, no emoji font, no script.
 */
export const ICONS = {
  award: Award,
  badgeCheck: BadgeCheck,
  fileQuestion: FileQuestionMark,
  banknote: Banknote,
  chart: ChartColumn,
  check: Check,
  code: CodeXml,
  hourglass: Hourglass,
  megaphone: Megaphone,
  message: MessageCircle,
  target: Target,
  trending: TrendingUp,
  workflow: Workflow,
  wrench: Wrench,
};

export type IconName = keyof typeof ICONS;
