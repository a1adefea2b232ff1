/**
 * The XP the guide awards and its achievements: one list, shown on the admin's Gamification
 * tab and used by the guide when it awards them.
 */
export const XP_RULES = [
  { id: 'daily_login', title: 'Daglig innlogging', xp: 10, description: 'Første innlogging hver dag' },
  { id: 'lesson_completed', title: 'Fullført leksjon', xp: 25, description: 'Hver leksjon du markerer som fullført' },
  { id: 'module_completed', title: 'Fullført modul', xp: 100, description: 'Når alle tilgjengelige leksjoner i en modul er fullført' },
  { id: 'daily_streak', title: 'Daglig streak', xp: 15, description: 'Hver dag streaken din holder' },
] as const;

export const ACHIEVEMENTS = [
  { id: 'first_step', title: 'Første steg', xp: 50, description: 'Fullfør din første leksjon' },
  { id: 'streak_7', title: '7 dagers streak', xp: 100, description: 'Vær aktiv sju dager på rad' },
  { id: 'module_master', title: 'Modul mester', xp: 200, description: 'Fullfør en hel modul' },
] as const;

export type XpRule = (typeof XP_RULES)[number];
export type Achievement = (typeof ACHIEVEMENTS)[number];
