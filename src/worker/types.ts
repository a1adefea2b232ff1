import type { User } from '../../db/schema';
import type { Deps } from './deps';

export type AppEnv = {
  Variables: {
    deps: Deps;
    /** Set by the session middleware: the signed-in user, or null. */
    user: User | null;
    sessionTokenHash: string | null;
  };
};
