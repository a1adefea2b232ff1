/** The checkout's choice of how to pay, and the screen the buyer comes back to from Vipps. */
export const paymentChoice = {
  legend: 'Hvordan vil du betale?',
  providers: {
    vipps: { label: 'Vipps', hint: 'Godkjenn i Vipps-appen. Trekkes automatisk hver periode til du sier opp.' },
    stripe: { label: 'Kort', hint: 'Visa eller Mastercard, på Stripes sikre betalingsside.' },
    test: { label: 'Testbetaling', hint: 'Ingenting trekkes.' },
  },
  payWithVipps: 'Betal med Vipps',
  /** A free trial takes a Vipps agreement but no payment (0060): the button must not say «Betal». */
  trialWithVipps: 'Start prøveperioden med Vipps',
  vippsNote: 'Du godkjenner avtalen i Vipps-appen. Der ser du den under «Faste betalinger», og du kan si opp når du vil.',
  returned: {
    failedTitle: 'Betalingen gikk ikke gjennom',
    failedText: 'Betalingen ble avvist eller avbrutt, og ingenting er trukket. Du kan prøve igjen når du vil.',
    expiredTitle: 'Betalingen ble ikke fullført i tide',
    expiredText: 'Betalingen ble ikke godkjent før den gikk ut, så ingenting er trukket. Prøv gjerne igjen.',
    tryAgain: 'Prøv igjen',
  },
} as const;
