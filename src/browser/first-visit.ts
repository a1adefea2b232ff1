import type { PublicUser } from '#shared/schemas/auth';
import { displayName } from './stores/auth';
import { verify } from '#shared/copy/auth';

/**
 * A first visit: the account has been signed into once, by the sign-in that created it (which
 * stamps `createdAt` and `lastLogin` with the same time). Every later sign-in moves `lastLogin`,
 * so from the second one on the guide says 'Velkommen tilbake' (DESIGN: settled ambiguities). An
 * account bought at the pricing page before any sign-in (no `lastLogin`) is on its first visit too.
 */
export const isFirstVisit = (user: PublicUser): boolean => user.lastLogin === null || user.lastLogin === user.createdAt;

/** 'Velkommen, {navn}!' (or 'Velkommen til guiden!' without a name) on a first visit, else 'Velkommen tilbake, {navn}!'. */
export const welcome = (user: PublicUser): string =>
  isFirstVisit(user) ? verify.welcomeFirst(user.firstName) : verify.welcomeBack(displayName(user));
