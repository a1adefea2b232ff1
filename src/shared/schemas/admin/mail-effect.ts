/** What a marketing mail did, counted without following anyone (docs/decisions/0057-click-counting.md). */
export type MailEffect = {
  /** Clicks on its links (every click counted, not people: the links name no recipient). */
  clicks: number;
  /** Leads who signed up through its links. */
  signups: number;
  /** Paid purchases by users within 7 days of clicking one of its links. */
  purchases: number;
};

/** One link of a mail with its clicks: its place in the mail (from 0) and where it leads. */
export type LinkClicks = { index: number; url: string; clicks: number };
