import type { SeedCampaign } from '#db/seed/types';

export const defaultCampaign: SeedCampaign = {
  id: 'default',
  name: 'Standardkampanje',
  title: 'Premium-tilgang',
  subtitle: 'Alt du trenger for å bygge og skalere bedriften din alene',
  description: 'Få full tilgang til alle funksjoner',
  features: [
    {
      icon: '📚',
      title: 'Alle premium-moduler',
      description: 'Lås opp hele guiden, fra tankesett og nisje til salg, automatisering og skalering.',
      benefits: [
        'Alle Master Class-leksjoner i de tre første modulene',
        'Premium-modulene Salg uten selgere, Automatisering og Skaler alene',
        'Nye leksjoner etter hvert som de publiseres',
      ],
    },
    {
      icon: '🤖',
      title: 'AI-verktøy og promptbibliotek',
      description: 'Ferdige prompter for ChatGPT, Claude og Perplexity, tilpasset norske soloprenører.',
      benefits: [
        'Prompter for markedsføring, salg, kundeservice og planlegging',
        'Instruksjoner for å gi AI-verktøyene faste roller',
        'Oppskrifter på automatiseringer i Make og Zapier',
      ],
    },
    {
      icon: '📋',
      title: 'Maler du kan bruke med en gang',
      description: 'Sjekklister, regneark og dokumentmaler som sparer deg for å starte fra et blankt ark.',
      benefits: [
        'Nisjematrise, intervjuguide og lanseringssjekkliste',
        'Maler for tilbud, oppfølging og vekstplan',
        'Utkast til salgsvilkår og personvernerklæring som du tilpasser',
      ],
    },
    {
      icon: '💬',
      title: 'Prioritert support',
      description: 'Få hjelp raskere når du står fast med guiden, verktøyene eller malene.',
      benefits: ['Spørsmålene dine behandles først', 'Hjelp til å tilpasse maler og prompter til din bedrift'],
    },
  ],
  // The yearly plan at its list price (PRICES_NOK.yearly; db/ does not import src/): no discount to claim.
  priceOriginal: 1995,
  priceDiscounted: null,
  currency: 'NOK',
  period: 'år',
  discount: 0,
  // A countdown only where an offer really ends (docs/decisions/0040): the list price has no end.
  urgencyType: null,
  urgencyValue: '',
  ctaText: 'Oppgrader nå',
  testimonials: [],
};
