/** GET /api/admin/mail/failed — mail the queue gave up on: the count and the latest (recipient masked). */
export type FailedMailResponse = {
  count: number;
  latest: { id: number; to: string; subject: string; lastError: string; failedAt: string }[];
};
