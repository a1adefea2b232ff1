/** Norwegian text of user tags (the user card, the newsletter's audience). */

export const adminTags = {
  title: 'Merker',
  none: 'Ingen merker ennå.',
  automatic: 'automatisk',
  add: 'Legg til merke',
  addLabel: 'Nytt merke',
  addHint: 'Merker du setter selv, f.eks. «vip» eller «webinar-mars». Automatiske merker holdes oppdatert av seg selv.',
  remove: (tag: string) => `Fjern merket «${tag}»`,
  added: (tag: string) => `Merket «${tag}» er lagt til`,
  removed: (tag: string) => `Merket «${tag}» er fjernet`,
  failed: 'Kunne ikke lagre merket.',
  loadFailed: 'Kunne ikke hente merkene.',
  moduleTag: (title: string) => `Fullført modul: ${title}`,
} as const;

export const tagValidation = {
  invalid: 'Et merke er 1–40 tegn på én linje.',
  automatic: 'Dette merket holdes automatisk og kan ikke settes for hånd.',
} as const;
