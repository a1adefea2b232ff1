/*
 * Download links of lesson files (docs/decisions/0023-lessons-video-files-drafts.md): the guide
 * hands out `/api/files/{id}?exp=…&sig=…`, signed for the signed-in user and valid FILE_LINK_TTL.
 * The download still needs that user's session and the lesson's access rule; the signature makes a
 * copied link stop working soon, and never work for anyone else.
 */
import { MINUTE } from '#shared/time';
import type { Config } from '#worker/config';
import { AppError } from '#worker/errors';
import { constantTimeEqual, hmacSha256 } from '#worker/platform/crypto';

export const FILE_LINK_TTL = 10 * MINUTE;

const mac = (config: Config, userId: string, fileId: string, exp: number) =>
  hmacSha256(config.AUTH_SECRET, `file-link:${fileId}:${exp}:${userId}`);

export async function signedFileHref(config: Config, userId: string, fileId: string, now: number): Promise<string> {
  const exp = now + FILE_LINK_TTL;
  return `/api/files/${fileId}?exp=${exp}&sig=${await mac(config, userId, fileId, exp)}`;
}

/** 403 unless `sig` is this user's signature of the file and `exp`; 403 link_expired once `exp` has passed. */
export async function requireValidLink(
  config: Config,
  link: { userId: string; fileId: string; exp: string | undefined; sig: string | undefined; now: number },
): Promise<void> {
  const exp = Number(link.exp);
  if (!link.sig || !Number.isSafeInteger(exp)) throw new AppError('forbidden', 403);
  if (!constantTimeEqual(link.sig, await mac(config, link.userId, link.fileId, exp))) throw new AppError('forbidden', 403);
  if (exp <= link.now) throw new AppError('link_expired', 403);
}
