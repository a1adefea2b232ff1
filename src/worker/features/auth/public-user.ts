import type { User } from '#db/schema';
import type { PublicUser } from '#shared/schemas/auth';

/** The user as the API shows it to themselves (no admin notes). */
export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    phone: user.phone,
    isActive: user.isActive,
    isPremium: user.isPremium,
    role: user.role,
    onboardingCompleted: user.onboardingCompleted,
    depthLevel: user.depthLevel,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    lastModifiedAt: user.lastModifiedAt.toISOString(),
    premiumSubscription: user.premiumPlan
      ? { plan: user.premiumPlan, endDate: user.premiumEndDate?.toISOString() ?? null }
      : null,
  };
}
